"""Running the accelsel tool with its stderr on a pseudo-terminal, where the
progress bars are drawn (shared by the CLI tests)."""
import os
import pty
import subprocess


def run_on_terminal(argv):
    """Run @p argv with stderr on a pseudo-terminal: (status, stdout, what the terminal got)."""
    master, slave = pty.openpty()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    err = b''
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO once the child has closed the terminal
            break
        if not chunk:
            break
        err += chunk
    out = p.stdout.read().decode()
    p.wait(timeout=600)
    p.stdout.close()
    os.close(master)
    return p.returncode, out, err.decode('utf-8', 'replace')
