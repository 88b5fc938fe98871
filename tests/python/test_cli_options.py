"""Every option of every subcommand, as its --help lists it, is blamed by name
for a bad value: a missing value, an empty one, a value of the wrong kind (a
non-number to a number, an unknown choice, a negative count, a file name that
does not end in .svg), or a value given to a switch. Usage errors exit 2.

The options come from the --help texts, so that an option added to a command
is probed here without this file being told of it."""
import os
import re
import subprocess
import unittest

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')

# The words before the options: what each command needs to reach the check
# of an option's value (catalog's --type is read once the action is list).
COMMANDS = {
    'data': [],
    'rank': [],
    'cluster': [],
    'cross': [],
    'catalog': ['list'],
    'network': ['show', 'small-cnn'],
    'predict': [],
    'map': [],
    'recommend': ['--network', 'resnet50', '--candidates', 'measured'],
    'place': [],
}

# Options that take any non-empty text, so that no value is wrong in
# itself: a file to read or write (a missing one is the library's error,
# exit 1, tested with each command), a name looked up in the catalog, the
# zoo or the data (the library's not-found lists the nearest names), or an
# expression of a grammar with its own tests. Only a missing and an empty
# value are refused for them here.
FREE_TEXT = {
    '--csv': 'a CSV file to read',
    '--na': 'extra spellings of a missing value: any text is one',
    '--where': 'a filter expression (test_cli_select.py)',
    '--columns': 'column names of the data',
    '--catalog': 'a catalog file to read',
    '--network': 'a zoo name or a network file',
    '--system': 'a catalog system name',
    '--device': 'a catalog device name',
    '--intra-link': 'a catalog link name',
    '--inter-link': 'a catalog link name',
    '--host-cpu': 'a catalog CPU name',
    '--params': 'a parameter file to read',
    '--from-csv': 'a CSV file to read',
    '--from-steps': 'a step-measurement file, or builtin',
    '--steps': 'a step-measurement file, or builtin',
    '--holdout-rounds': 'round names of the data',
    '--save': 'a file to write',
    '--sweep': 'a COUNTS list (test_cli_predict.py)',
    '--plan': 'a plan SPEC, parsed by the library (tests/test_api_predict.c)',
    '--evaluate': 'map: a mapping file to read (predict: a switch)',
    '--features': 'column names or log10(COL) of the data',
    '--variables': 'column names or log10(COL) of the data',
    '--target': 'a column of the data; rank --target \'\' skips importance',
    '--criteria': 'COL:WEIGHT:benefit|cost on columns of the data',
    '--init': 'a CSV of centres to read',
    '--with-predictions': 'a NAME:COUNTS list (test_cli_with_predictions.py)',
    '--mix': 'a NAME:RUNS list of zoo names (test_cli_recommend.py)',
    '--devices': 'catalog device or system names',
    '--counts': 'a COUNTS list (test_cli_recommend.py)',
    '--cloud-prices': 'a cloud-price file to read',
    '--baseline': 'a list of rule names (test_cli_recommend.py)',
    '--name-column': 'a column of the data (test_cli_rank.py)',
    '--cluster': 'a cluster file to read',
    '--spec': 'a job\'s text form (test_cli_place.py)',
    '--partitions': 'partition names of the cluster file',
    '--benchmark': 'an MLPerf benchmark of the data (test_cli_benchmark.py)',
    '--reference': 'a system_name of the data (test_cli_cross.py)',
    '--base': 'a benchmark of the rows (test_cli_cross.py)',
}

# The one option for which an empty value means something (see --help).
EMPTY_OK = {('rank', '--target')}

# Options a help text names that belong to another command.
OTHER_COMMANDS = {('rank', '--derive'): 'accelsel data --derive --rows kept',
                  ('rank', '--sweep'): 'a predict --sweep COUNTS list',
                  ('recommend', '--sweep'): 'predict --sweep, whose COUNTS --counts takes'}

# Every --name the help says, on an option line or in the prose (predict's
# help names --per-node, --evaluate and --save only there).
OPTION = re.compile(r'(?<![\w-])(--[a-z][a-z0-9-]*)')


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)


def options_of(command):
    r = run(command, '--help')
    assert r.returncode == 0, r.stderr
    found = set(OPTION.findall(r.stdout)) - {'--help'}
    return sorted(o for o in found if (command, o) not in OTHER_COMMANDS)


def names(stderr, option):
    return re.search(r'(?<![\w-])%s(?![\w-])' % re.escape(option), stderr) is not None


class EveryOptionTest(unittest.TestCase):

    def assert_usage(self, command, args, option):
        r = run(command, *COMMANDS[command], *args)
        self.assertEqual(r.returncode, 2, (command, args, r.stderr))
        self.assertTrue(names(r.stderr, option), (command, args, r.stderr))
        self.assertTrue(r.stderr.startswith('accelsel: %s' % command), r.stderr)

    def is_switch(self, command, option):
        """A switch takes no value: given last, it is no usage error for
        a missing value."""
        r = run(command, *COMMANDS[command], option)
        return 'needs a value' not in r.stderr

    def test_the_help_lists_options(self):
        # a help text that lost its option lines would make the tests below vacuous
        counts = {c: len(options_of(c)) for c in COMMANDS}
        for command, least in (('data', 12), ('rank', 23), ('cluster', 19), ('cross', 11),
                               ('catalog', 3), ('network', 2), ('predict', 39), ('map', 18),
                               ('recommend', 30), ('place', 18)):
            self.assertGreaterEqual(counts[command], least, command)

    def test_every_option_is_blamed_by_name(self):
        for command in COMMANDS:
            for option in options_of(command):
                with self.subTest(command=command, option=option):
                    self.check_option(command, option)

    def check_option(self, command, option):
        if self.is_switch(command, option):
            self.assert_usage(command, [option + '=yes'], option)
            return
        self.assert_usage(command, [option], option)  # the value is missing
        if (command, option) not in EMPTY_OK:
            self.assert_usage(command, [option + '='], option)
        if option in FREE_TEXT:
            return
        for bad in ('@bogus', '-1'):  # not a number, a choice or an .svg name; negative
            self.assert_usage(command, [option + '=' + bad], option)

    def test_a_library_refusal_names_the_option_of_its_field(self):
        # The library blames the request's member "device" (accelsel_error.field);
        # the command line says the option that fed it, and exits 1 (the
        # library refused, the usage was fine).
        r = run('predict', '--network', 'small-cnn', '--device', 'no-such-device')
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertTrue(r.stderr.startswith("accelsel: predict: --device: no device "
                                            "'no-such-device'"), r.stderr)


if __name__ == '__main__':
    unittest.main()
