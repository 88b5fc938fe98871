"""Read a results repository: a git directory (read with `git`, no work
tree needed) or a plain folder (the test fixtures).

Both give the same view: every file path below the root, its size, whether
its content is present (snapshots leave out files of 4 MiB or more: git
lists them, but their objects are missing), and its bytes.
"""
import os
import subprocess


class SourceError(Exception):
    """The repository cannot be listed at all."""


class GitSource:
    """The tree of one commit (HEAD by default) of a git directory."""

    def __init__(self, git_dir, rev='HEAD'):
        self.root = git_dir
        self.rev = rev
        self._git = ['git', '--git-dir', git_dir]
        self.commit, self.date = self._head()
        self.files = {}  # path -> (object id, size or None when absent)
        self._list()
        self._cat = None

    def _run(self, *args):
        done = subprocess.run(self._git + list(args), capture_output=True)
        if done.returncode != 0:
            raise SourceError('%s: git %s: %s' % (self.root, ' '.join(args),
                                                  done.stderr.decode(errors='replace').strip()))
        return done.stdout

    def _head(self):
        out = self._run('log', '-1', '--format=%H %cs', self.rev).decode().split()
        return out[0], out[1]

    def _list(self):
        out = self._run('ls-tree', '-r', '-l', '-z', self.rev)
        for entry in out.split(b'\0'):
            if not entry:
                continue
            meta, path = entry.split(b'\t', 1)
            _mode, kind, oid, size = meta.split()
            if kind != b'blob':
                continue
            present = size.isdigit()
            self.files[path.decode('utf-8', 'surrogateescape')] = (
                oid.decode(), int(size) if present else None)
        # ls-tree reports a size even where the object is missing in some
        # snapshots: check presence in one batch.
        ids = '\n'.join(oid for oid, size in self.files.values() if size is not None)
        done = subprocess.run(self._git + ['cat-file', '--batch-check'], input=ids.encode(),
                              capture_output=True)
        missing = set()
        for line in done.stdout.decode().splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[1] == 'missing':
                missing.add(parts[0])
        for path, (oid, size) in list(self.files.items()):
            if oid in missing:
                self.files[path] = (oid, None)

    def present(self, path):
        return self.files.get(path, (None, None))[1] is not None

    def read(self, path):
        """The bytes of path, or None when the snapshot lacks them."""
        oid, size = self.files.get(path, (None, None))
        if size is None:
            return None
        if self._cat is None:
            self._cat = subprocess.Popen(self._git + ['cat-file', '--batch'],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._cat.stdin.write(oid.encode() + b'\n')
        self._cat.stdin.flush()
        header = self._cat.stdout.readline().split()
        if len(header) < 3 or header[1] == b'missing':
            return None
        data = self._cat.stdout.read(int(header[2]))
        self._cat.stdout.read(1)
        return data

    def close(self):
        if self._cat is not None:
            self._cat.stdin.close()
            self._cat.wait()
            self._cat = None


class DirSource:
    """A plain folder. A file whose name ends in `.absent` stands for a file
    listed by a snapshot without its content (the fixtures use it)."""

    ABSENT = '.absent'

    def __init__(self, root, commit='', date=''):
        self.root = root
        self.commit = commit
        self.date = date
        self.files = {}
        for top, dirs, names in os.walk(root):
            dirs.sort()
            for name in names:
                full = os.path.join(top, name)
                rel = os.path.relpath(full, root).replace(os.sep, '/')
                if rel.endswith(self.ABSENT):
                    self.files[rel[:-len(self.ABSENT)]] = (full, None)
                else:
                    self.files[rel] = (full, os.path.getsize(full))

    def present(self, path):
        return self.files.get(path, (None, None))[1] is not None

    def read(self, path):
        full, size = self.files.get(path, (None, None))
        if size is None:
            return None
        with open(full, 'rb') as f:
            return f.read()

    def close(self):
        pass


def open_source(path):
    """A GitSource for a git directory (bare, or a work tree's .git), else a DirSource."""
    if os.path.isfile(os.path.join(path, 'HEAD')) and os.path.isdir(os.path.join(path, 'objects')):
        return GitSource(path)
    if os.path.isdir(os.path.join(path, '.git')):
        return GitSource(os.path.join(path, '.git'))
    if os.path.isdir(path):
        return DirSource(path)
    raise SourceError('%s: not a folder' % path)
