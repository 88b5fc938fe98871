"""The Lua 5.1 module (bindings/lua/, docs/lua.md), run by lua5.1: its
predictions against `accelsel predict --format json` of the same
configurations; its placements against the rule worked out here from those
predictions (on an idle cluster the earliest completion is the shortest
run; the time limit is run / (1 - p90 / 100)); the job text's fields by
hand; wrong types and library failures as Lua errors, the process living
on; handles that keep what they use alive through garbage collection."""
import json
import os
import subprocess
import tempfile
import textwrap
import unittest

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', '.')
CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
LUA = os.environ.get('ACCELSEL_LUA', 'lua5.1')
MODULE_DIR = os.environ.get('ACCELSEL_LUA_MODULE_DIR', '.')

CLUSTER = textwrap.dedent('''\
    version: 1
    partitions:
      - {name: v100, device: v100-sxm2-32gb, nodes: 2, per_node: 8}
      - {name: h100, device: h100-sxm5-80gb, nodes: 1, per_node: 8}
      - {name: a100, device: a100-sxm4-80gb, nodes: 2, per_node: 8}
    ''')
DEVICES = {'v100': 'v100-sxm2-32gb', 'h100': 'h100-sxm5-80gb', 'a100': 'a100-sxm4-80gb'}


def lua(script):
    """Run @p script with the module on its path; its stdout."""
    env = dict(os.environ, LUA_CPATH=os.path.join(MODULE_DIR, '?.so'))
    r = subprocess.run([LUA, '-'], input=script, capture_output=True, text=True, env=env,
                       timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return r.stdout


def cli_predict(*args):
    r = subprocess.run([CLI, 'predict', '--format', 'json', *args], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


class LuaTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.cluster = os.path.join(cls.tmp.name, 'cluster.yaml')
        with open(cls.cluster, 'w') as f:
            f.write(CLUSTER)

    def test_predict_is_the_clis(self):
        out = lua(textwrap.dedent('''\
            local a = require "accelsel"
            local p = a.predictor(a.catalog())
            local r = p:predict{network = "resnet50", device = "a100-sxm4-80gb", count = 16,
                                global_batch = 4096, epochs = 30}
            print(string.format("%.17g %.17g %.17g %s %s %d %d %.17g %s %.17g", r.time_to_train_s,
                  r.step_s, r.throughput_samples_s, r.precision, r.device, r.nodes, r.per_node,
                  r.memory_needed_bytes, r.error_group, r.error_p90_pct))
            '''))
        want = cli_predict('--network', 'resnet50', '--device', 'a100-sxm4-80gb', '--count',
                           '16', '--batch', '4096', '--epochs', '30')
        f = out.split()
        self.assertAlmostEqual(float(f[0]) / 60, want['time_to_train_min'], delta=1e-12 * float(f[0]))
        self.assertEqual(float(f[1]), want['step_s'])
        self.assertEqual(float(f[2]), want['throughput_samples_s'])
        self.assertEqual(f[3], want['precision'])
        self.assertEqual(f[4], want['device'])
        self.assertEqual((int(f[5]), int(f[6])), (want['nodes'], want['per_node']))
        self.assertEqual(float(f[7]), want['memory_needed_bytes'])
        self.assertEqual(f[8], want['error_band']['group'])
        self.assertEqual(float(f[9]), want['error_band']['p90_pct'])

    def test_place_on_an_idle_cluster(self):
        """Eight accelerators, 20 epochs of ResNet-50 at 2,048: the shortest
        run of the three partitions (all idle), its limit from its band."""
        out = lua(textwrap.dedent('''\
            local a = require "accelsel"
            local cat = a.catalog()
            local p = a.predictor(cat)
            local job = a.parse_job("network=resnet50,epochs=20,batch=2048,min=8,max=8")
            local d = a.place(p, a.cluster(cat, [[@CLUSTER@]]), job)
            print(d.partition, d.count, string.format("%.17g %.17g %.17g", d.run_s,
                  d.time_limit_s, d.start_s), #d.alternatives, d.alternatives[1].partition)
            ''').replace('@CLUSTER@', self.cluster))
        runs = {}
        for part, device in DEVICES.items():
            r = cli_predict('--network', 'resnet50', '--device', device, '--count', '8',
                            '--batch', '2048', '--epochs', '20')
            runs[part] = (r['time_to_train_min'] * 60, r['error_band']['p90_pct'])
        order = sorted(runs, key=lambda k: runs[k][0])
        f = out.split()
        self.assertEqual(f[0], order[0])
        self.assertEqual(int(f[1]), 8)
        run, p90 = runs[order[0]]
        self.assertAlmostEqual(float(f[2]), run, delta=1e-9 * run)
        self.assertAlmostEqual(float(f[3]), run / (1 - p90 / 100), delta=1e-9 * run)
        self.assertEqual(float(f[4]), 0)
        self.assertEqual(int(f[5]), 2)
        self.assertEqual(f[6], order[1])

    def test_loaded_parameters_are_the_shipped_ones(self):
        """data/params/builtin.yaml is the fit compiled in: loaded, it
        predicts what the default predictor does, bit for bit."""
        out = lua(textwrap.dedent('''\
            local a = require "accelsel"
            local cat = a.catalog()
            local q = {network = "resnet50", device = "v100-sxm2-32gb", count = 16}
            local x = a.predictor(cat):predict(q)
            local y = a.predictor(cat, [[@PARAMS@]]):predict(q)
            print(string.format("%.17g %.17g %s", x.time_to_train_s, y.time_to_train_s,
                  y.error_group))
            ''').replace('@PARAMS@', os.path.join(ROOT, 'data', 'params', 'builtin.yaml')))
        x, y, group = out.split()
        self.assertEqual(x, y)
        self.assertIn(group, ('a', 'b', 'c'))

    def test_job_text(self):
        out = lua(textwrap.dedent('''\
            local a = require "accelsel"
            local j = a.parse_job("network=bert-base,samples=1e6,device_batch=64,precision=bf16,max=4")
            local keys = {}
            for k in pairs(j) do keys[#keys + 1] = k end
            table.sort(keys)
            for _, k in ipairs(keys) do print(k, j[k]) end
            '''))
        got = dict(line.split('\t') for line in out.splitlines())
        self.assertEqual(got, {'network': 'bert-base', 'total_samples': '1000000',
                               'per_device_batch': '64', 'precision': 'bf16',
                               'max_count': '4', 'stack': 'tuned'})

    def test_errors_are_lua_errors(self):
        out = lua(textwrap.dedent('''\
            local a = require "accelsel"
            local cat = a.catalog()
            local p = a.predictor(cat)
            local c = a.cluster(cat, [[@CLUSTER@]])
            local calls = {
              function() return a.parse_job("network=a,epocs=3") end,
              function() return a.parse_job(nil) end,
              function() return a.place(p, c, {network = "resnet50", per_device_batch = 1e7}) end,
              function() return a.place(p, c, {network = "resnet50", min_count = 64}) end,
              function() return a.place(p, c, {network = "resnet50", min_count = -1}) end,
              function() return a.place(p, c, {network = "resnet50", partitions = "h200"}) end,
              function() return a.place(p, c, {network = "resnet50"}, {policy = "fastest"}) end,
              function() return a.place(p, c, {network = 3}) end,
              function() return a.place(p, c, {network = "resnet5"}) end,
              function() return a.place(p, cat, {network = "resnet50"}) end,
              function() return a.place(c, p, {network = "resnet50"}) end,
              function() return a.place(p, c, "network=resnet50") end,
              function() return p:predict{network = "resnet50", devise = "h100"} end,
              function() return p:predict{network = "resnet50", device = "h1000"} end,
              function() return p:predict{network = "resnet50", device = "t4", count = 0.5} end,
              function() return p:predict{network = "resnet50", device = "t4", precision = 7} end,
              function() return a.predictor("catalog") end,
              function() return a.predictor(cat, "/nonexistent/params.yaml") end,
              function() return a.catalog("/nonexistent/catalog.yaml") end,
              function() return a.cluster(cat, "/nonexistent/cluster.yaml") end,
              function() return a.network("/nonexistent/net.yaml") end,
            }
            for i, f in ipairs(calls) do
              local ok, e = pcall(f)
              assert(not ok, "call " .. i .. " succeeded")
              if type(e) == "table" then
                print(i, e.status, e.code, e.field or "-", tostring(e))
              else
                print(i, "lua", e)
              end
            end
            print("alive")
            ''').replace('@CLUSTER@', self.cluster))
        lines = out.splitlines()
        self.assertEqual(lines[-1], 'alive')
        got = {int(l.split('\t')[0]): l.split('\t')[1:] for l in lines[:-1]}
        self.assertEqual(len(got), 21)
        status = {i: v[0] for i, v in got.items()}
        self.assertEqual(status[1], 'ACCELSEL_EPARSE')
        self.assertIn("column 11: 'epocs'", got[1][3])
        self.assertEqual(status[3], 'ACCELSEL_EINFEASIBLE')
        self.assertEqual(got[3][1], '-7')
        self.assertEqual((status[4], got[4][2]), ('ACCELSEL_EINVAL', 'min_count'))
        self.assertEqual((status[6], got[6][2]), ('ACCELSEL_ENOTFOUND', 'partitions'))
        self.assertEqual(status[9], 'ACCELSEL_ENOTFOUND')
        self.assertEqual((status[14], got[14][2]), ('ACCELSEL_ENOTFOUND', 'device'))
        for i in (18, 19, 20, 21):
            self.assertEqual(status[i], 'ACCELSEL_EIO', got[i])
        for i in (2, 5, 7, 8, 10, 11, 12, 13, 15, 16, 17):  # wrong types: Lua's own errors
            self.assertEqual(status[i], 'lua', (i, got[i]))

    def test_handles_keep_what_they_use(self):
        out = lua(textwrap.dedent('''\
            local a = require "accelsel"
            local p = a.predictor(a.catalog())     -- the catalog has no other reference
            local net = a.network("small-cnn")
            for i = 1, 50 do a.network("resnet18"); a.catalog() end
            collectgarbage("collect")
            local r = p:predict{network = net, device = "t4"}
            print(net:name(), r.count, r.time_to_train_s > 0)
            '''))
        self.assertEqual(out.split(), ['small-cnn', '1', 'true'])


if __name__ == '__main__':
    unittest.main()
