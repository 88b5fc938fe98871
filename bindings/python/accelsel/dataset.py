"""Tables of typed columns (accelsel/dataset.h) and their derived metrics
(accelsel/derive.h)."""
from __future__ import annotations

import collections.abc
import ctypes
import math
import numbers
import typing

from . import _ctypes_gen as _c
from ._convert import (Names, Path, Text, _buf, _dec, _enc, _list_option, _names, _real_option, _store,
                       _strings, _sz, _text, _text_option, _vector, _vp, _vpp)
from ._handle import _fn, _Handle, _returned_text

__all__ = ['Dataset']

_CsvOptions = _c.accelsel_csv_options
_DeriveOptions = _c.accelsel_derive_options

_csv_options_init = _fn('accelsel_csv_options_init', ctypes.c_int,
                        [ctypes.POINTER(_CsvOptions), ctypes.c_uint])
_ds_load_csv = _fn('accelsel_dataset_load_csv', ctypes.c_int,
                   [_vpp, ctypes.c_char_p, ctypes.POINTER(_CsvOptions)])
_ds_load_buf = _fn('accelsel_dataset_load_csv_buffer', ctypes.c_int,
                   [_vpp, ctypes.c_char_p, _sz, ctypes.POINTER(_CsvOptions)])
_ds_load_builtin = _fn('accelsel_dataset_load_builtin', ctypes.c_int, [_vpp, ctypes.c_char_p])
_ds_builtin_name = _fn('accelsel_dataset_builtin_name', ctypes.c_char_p, [_sz], check=False)
_ds_builtin_description = _fn('accelsel_dataset_builtin_description', ctypes.c_char_p, [_sz],
                              check=False)
_ds_load_benchmark = _fn('accelsel_dataset_load_benchmark', ctypes.c_int, [_vpp, ctypes.c_char_p])
_ds_new = _fn('accelsel_dataset_new', ctypes.c_int, [_vpp, _sz])
_ds_add_numeric = _fn('accelsel_dataset_add_numeric', ctypes.c_int,
                      ['Dataset', ctypes.c_char_p, ctypes.POINTER(ctypes.c_double), _sz])
_ds_add_categorical = _fn('accelsel_dataset_add_categorical', ctypes.c_int,
                          ['Dataset', ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), _sz])
_ds_rows = _fn('accelsel_dataset_rows', _sz, ['Dataset'], check=False)
_ds_cols = _fn('accelsel_dataset_cols', _sz, ['Dataset'], check=False)
_ds_row_line = _fn('accelsel_dataset_row_line', ctypes.c_uint64, ['Dataset', _sz], check=False)
_ds_column_name = _fn('accelsel_dataset_column_name', ctypes.c_char_p, ['Dataset', _sz], check=False)
_ds_column_index = _fn('accelsel_dataset_column_index', ctypes.c_int,
                       ['Dataset', ctypes.c_char_p, ctypes.POINTER(_sz)])
_ds_column_type = _fn('accelsel_dataset_column_type', ctypes.c_int, ['Dataset', _sz])
_ds_numeric = _fn('accelsel_dataset_numeric', ctypes.POINTER(ctypes.c_double), ['Dataset', _sz],
                  check=False)
_ds_string = _fn('accelsel_dataset_string', ctypes.c_char_p, ['Dataset', _sz, _sz], check=False)
_ds_is_missing = _fn('accelsel_dataset_is_missing', ctypes.c_int, ['Dataset', _sz, _sz])
_ds_filter_equal = _fn('accelsel_dataset_filter_equal', ctypes.c_int,
                       [_vpp, 'Dataset', ctypes.c_char_p, ctypes.c_char_p])
_ds_filter_range = _fn('accelsel_dataset_filter_range', ctypes.c_int,
                       [_vpp, 'Dataset', ctypes.c_char_p, ctypes.c_double, ctypes.c_double])
_ds_filter_expr = _fn('accelsel_dataset_filter_expr', ctypes.c_int, [_vpp, 'Dataset', ctypes.c_char_p])
_ds_select_rows = _fn('accelsel_dataset_select_rows', ctypes.c_int,
                      [_vpp, 'Dataset', ctypes.POINTER(_sz), _sz])
_ds_select_columns = _fn('accelsel_dataset_select_columns', ctypes.c_int,
                         [_vpp, 'Dataset', ctypes.POINTER(_sz), _sz])
_ds_to_matrix = _fn('accelsel_dataset_to_matrix', ctypes.c_int,
                    ['Dataset', ctypes.POINTER(_sz), _sz, ctypes.POINTER(ctypes.c_double), _sz])
_ds_save_csv = _fn('accelsel_dataset_save_csv', ctypes.c_int, ['Dataset', ctypes.c_char_p])
_ds_save_csv_buffer = _fn('accelsel_dataset_save_csv_buffer', ctypes.c_int,
                          ['Dataset', ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(_sz)])
_ds_free = _fn('accelsel_dataset_free', None, [_vp], check=False)
_derive_options_init = _fn('accelsel_derive_options_init', ctypes.c_int,
                           [ctypes.POINTER(_DeriveOptions), ctypes.c_uint])
_ds_derive = _fn('accelsel_dataset_derive', ctypes.c_int,
                 [_vpp, 'Dataset', ctypes.POINTER(_DeriveOptions)])
_CrossOptions = _c.accelsel_cross_options
_cross_options_init = _fn('accelsel_cross_options_init', ctypes.c_int,
                          [ctypes.POINTER(_CrossOptions), ctypes.c_uint])
_ds_cross = _fn('accelsel_dataset_cross_benchmark', ctypes.c_int,
                [_vpp, 'Dataset', ctypes.POINTER(_CrossOptions)])

# A cell as Dataset.column() gives it: a float or a str, None when missing.
Value = typing.Union[float, str, None]


def _csv_options(delimiter, categorical, missing):
    opts = _CsvOptions()
    _csv_options_init(ctypes.byref(opts), _c.ACCELSEL_CSV_OPTIONS_VERSION)
    if delimiter is not None:  # None: ACCELSEL_CSV_OPTIONS_INIT's, a comma
        if not isinstance(delimiter, str):
            raise TypeError('delimiter must be a str (one character), not %s' % type(delimiter).__name__)
        if len(delimiter) != 1:
            raise ValueError('delimiter must be one character, not %r' % (delimiter,))
        opts.delimiter = ord(delimiter)
    keep_c, opts.categorical, opts.n_categorical = _strings(categorical, 'categorical')
    keep_m, opts.missing, opts.n_missing = _strings(missing, 'missing')
    return opts, (keep_c, keep_m)


class Dataset(_Handle):
    """A table of typed columns (numeric: float, missing as None; categorical: str or None)."""
    _free = _ds_free

    @classmethod
    def from_csv(cls, path: Path, delimiter: str | None = None, categorical: Names | None = None,
                 missing: Names | None = None) -> Dataset:
        """Read a CSV file (RFC 4180). delimiter: one character; None: the
        library's default (ACCELSEL_CSV_OPTIONS_INIT, a comma). categorical:
        a list of the columns kept as text; missing: a list of extra
        spellings of a missing value (besides '', NA, N/A, NaN); None: none.
        One str where a list belongs is a TypeError (see _list_option)."""
        opts, keep = _csv_options(delimiter, categorical, missing)
        return cls._make(_ds_load_csv, _text(path, 'path'), ctypes.byref(opts))

    @classmethod
    def from_csv_text(cls, text: Text, delimiter: str | None = None, categorical: Names | None = None,
                      missing: Names | None = None) -> Dataset:
        """Read CSV from a str or bytes (options as from_csv)."""
        data = _buf(text)
        opts, keep = _csv_options(delimiter, categorical, missing)
        return cls._make(_ds_load_buf, data, len(data), ctypes.byref(opts))

    @classmethod
    def builtin(cls, name: str | None = 'mlperf-training-resnet') -> Dataset:
        """A dataset compiled into the library (None: the default name)."""
        return cls._make(_ds_load_builtin, _text_option(name, 'name', 'mlperf-training-resnet'))

    @staticmethod
    def builtin_names() -> list[str]:
        """The names of the datasets compiled into the library."""
        names, i = [], 0
        while _ds_builtin_name(i) is not None:
            names.append(_ds_builtin_name(i).decode())
            i += 1
        return names

    @staticmethod
    def builtin_descriptions() -> dict[str, str]:
        """What each dataset compiled into the library holds, by name, in
        the library's order."""
        return {name: _ds_builtin_description(i).decode()
                for i, name in enumerate(Dataset.builtin_names())}

    @classmethod
    def benchmark(cls, name: str) -> Dataset:
        """The built-in results of one MLPerf Training benchmark: 'gpt3',
        'llama2_70b_lora', 'bert', ... (the column benchmark of the table of
        every benchmark); 'resnet' is the ResNet-50 table of builtin(), 'all'
        every benchmark. An unknown name is a NotFoundError naming the known."""
        return cls._make(_ds_load_benchmark, _text(name, 'name'))

    @classmethod
    def from_columns(cls, columns: typing.Mapping[str, typing.Iterable[object]]) -> Dataset:
        """Build from a dict {name: list}; lists of numbers (None = missing) become
        numeric columns, anything else categorical (see add_column). A column
        given one str (or a dict) is a TypeError (see _list_option), never a
        column of its letters."""
        if not isinstance(columns, collections.abc.Mapping):
            raise TypeError('columns must be a dict {name: list of values}, not %s'
                            % type(columns).__name__)
        items = [(name, _list_option(values, 'column %r' % (name,), 'values'))
                 for name, values in columns.items()]
        n = len(items[0][1]) if items else 0
        for name, values in items:
            if len(values) != n:
                raise ValueError('column %r has %d values, the first column %d' % (name, len(values), n))
        ds = cls._make(_ds_new, n)
        for name, values in items:
            ds.add_column(name, values)
        return ds

    def add_column(self, name: str, values: typing.Iterable[object]) -> None:
        """Append or replace a column: numeric (float, NaN for None) if every value
        is a real number (int, float, numpy's) or None and one is not None, else
        categorical (each value as text). A bool is not a number here: a column
        of them is categorical ('True', 'False'). values is a list (see
        _list_option): one str is a TypeError, never a column of its letters."""
        if self._owner is not None:
            raise ValueError('this Dataset belongs to a %s and is read-only; add columns to a '
                             'copy, ds.select_rows(range(len(ds)))' % self._owner._handle_name())
        values = _list_option(values, 'values of column %r' % (name,), 'values')
        rows = _ds_rows(self)
        if len(values) != rows:
            raise ValueError('column %r must have %d values (one per row), not %d' % (name, rows, len(values)))
        if all(v is None or (isinstance(v, numbers.Real) and not isinstance(v, bool)) for v in values) \
                and any(v is not None for v in values):
            arr = (ctypes.c_double * len(values))(*[math.nan if v is None else float(v) for v in values])
            _ds_add_numeric(self, _enc(name), arr, len(values))
        else:
            arr = (ctypes.c_char_p * max(len(values), 1))(
                *[None if v is None else _text(v if isinstance(v, (str, bytes, bytearray)) else str(v),
                                               'value %d of column %r' % (i, name))
                  for i, v in enumerate(values)])
            _ds_add_categorical(self, _enc(name), arr, len(values))

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return (_ds_rows(self), _ds_cols(self))

    def __len__(self) -> int:
        return _ds_rows(self)

    @property
    def columns(self) -> list[str]:
        """The column names, in order."""
        return [_dec(_ds_column_name(self, i)) for i in range(_ds_cols(self))]

    def column_index(self, name: str) -> int:
        """The index of the column called name (NotFoundError, with the
        nearest names, if none)."""
        out = _sz()
        _ds_column_index(self, _enc(name), ctypes.byref(out))
        return out.value

    def column_type(self, name: str) -> str:
        """'numeric' or 'categorical'."""
        numeric = _ds_column_type(self, self.column_index(name)) == _c.ACCELSEL_COLUMN_NUMERIC
        return 'numeric' if numeric else 'categorical'

    def column(self, name: str) -> list[Value]:
        """The values of one column as a list (None for missing)."""
        col = self.column_index(name)
        with self._held():
            n = _ds_rows(self)
            if _ds_column_type(self, col) == _c.ACCELSEL_COLUMN_NUMERIC:
                ptr = _ds_numeric(self, col)
                return [None if math.isnan(ptr[i]) else ptr[i] for i in range(n)]
            return [_dec(_ds_string(self, r, col)) for r in range(n)]

    def is_missing(self, row: int, name: str) -> bool:
        """Whether the cell of row and column name is missing."""
        return bool(_ds_is_missing(self, row, self.column_index(name)))

    @property
    def lines(self) -> list[int | None]:
        """Each row's line in the CSV it was read from (the header is line 1),
        kept through filters and derived metrics; None for rows not read from
        CSV (built in memory, or appended)."""
        with self._held():
            return [_ds_row_line(self, r) or None for r in range(_ds_rows(self))]

    def where(self, expr: str) -> Dataset:
        """Rows matching 'COL=VALUE' or 'COL=MIN..MAX' (a new Dataset)."""
        return Dataset._make(_ds_filter_expr, self, _enc(expr))

    def equal(self, column: str, value: object) -> Dataset:
        """Rows whose column holds value (compared as text; a new Dataset)."""
        if value is None:
            raise TypeError('value is None: missing cells are found with is_missing()')
        value = value if isinstance(value, (str, bytes, bytearray)) else str(value)
        return Dataset._make(_ds_filter_equal, self, _enc(column), _text(value, 'value'))

    def between(self, column: str, lo: float = -math.inf, hi: float = math.inf) -> Dataset:
        """Rows whose numeric column lies in [lo, hi] (None: unbounded on that side)."""
        return Dataset._make(_ds_filter_range, self, _enc(column), _real_option(lo, 'lo', -math.inf),
                             _real_option(hi, 'hi', math.inf))

    def select_rows(self, rows: typing.Iterable[int]) -> Dataset:
        """A new Dataset of these rows (indices), in this order."""
        arr, n = _vector(rows, 'rows', ctype=_sz)
        return Dataset._make(_ds_select_rows, self, arr, n)

    def matrix(self, columns: Names) -> list[list[float]]:
        """Numeric columns as a list of row lists (NaN for missing)."""
        idx = [self.column_index(c) for c in _names(columns, 'columns')]
        n, k = _ds_rows(self), len(idx)
        buf = (ctypes.c_double * max(n * k, 1))()
        _ds_to_matrix(self, (_sz * k)(*idx), k, buf, n * k)
        return [list(buf[r * k:(r + 1) * k]) for r in range(n)]

    def to_csv(self, path: Path | None = None) -> str | None:
        """Write CSV to path, or return it as a str when path is None."""
        if path is not None:
            _ds_save_csv(self, _text(path, 'path'))
            return None
        return _returned_text(_ds_save_csv_buffer, self)

    def to_dict(self) -> dict[str, list[Value]]:
        """{column name: values} of every column."""
        return {c: self.column(c) for c in self.columns}

    def select_columns(self, columns: Names) -> Dataset:
        """A new Dataset with these columns (names), in this order."""
        idx = [self.column_index(c) for c in _names(columns, 'columns')]
        return Dataset._make(_ds_select_columns, self, (_sz * len(idx))(*idx), len(idx))

    def derive(self, time: str | None = None, accelerators: str | None = None, nodes: str | None = None,
               per_node: str | None = None, epochs: str | None = None, groups: Names | None = None,
               images_per_epoch: float | None = None, reference_row: int | None = None,
               power: str | None = None, system_power: str | None = None, price: str | None = None,
               system_price: str | None = None, rent: str | None = None,
               node_power_w: float | None = None, pue: float | None = None, years: float | None = None,
               utilisation: float | None = None, price_kwh: float | None = None) -> Dataset:
        """A new Dataset with the derived columns of accelsel/derive.h (accelerators,
        throughput_img_s_derived, throughput_per_accelerator, speedup, efficiency,
        accelerator_hours, reference_row), and the energy and costs of one run
        (wall_power_kw, energy_kwh, purchase_usd, buy_per_run_usd,
        rent_per_run_usd) where the table has their inputs: the columns power
        (W an accelerator; None: accelerator_tdp_w), system_power (kW of the
        whole configuration), price (USD an accelerator; None:
        accelerator_price_usd), system_price (USD of the configuration) and
        rent (USD an accelerator-hour; None: rent_usd_per_accelerator_hour),
        the names add_prices() gives. Energy is modelled from TDP, not
        measured; a missing price gives a missing cost, never 0. Column names
        default to MLPerf's; groups=None means those of ('benchmark',
        'round', 'accelerator_model_name') that the table has, groups=() one
        group of all rows (a list of names: one str is a TypeError). None: the default of any option, the
        library's (ACCELSEL_DERIVE_OPTIONS_INIT: images_per_epoch 1281167,
        ImageNet-1k's training set; reference_row -1, one reference per group;
        node_power_w 700, pue 1.2, years 5, utilisation 0.8, price_kwh 0.10)."""
        opts = _DeriveOptions()
        _derive_options_init(ctypes.byref(opts), _c.ACCELSEL_DERIVE_OPTIONS_VERSION)
        keep = [_text_option(v, k) for k, v in (('time', time), ('accelerators', accelerators),
                                                 ('nodes', nodes), ('per_node', per_node),
                                                 ('epochs', epochs), ('power', power),
                                                 ('system_power', system_power), ('price', price),
                                                 ('system_price', system_price), ('rent', rent))]
        opts.time_column, opts.accelerators_column, opts.nodes_column, opts.per_node_column, \
            opts.epochs_column, opts.power_column, opts.system_power_column, opts.price_column, \
            opts.system_price_column, opts.rent_column = keep
        if groups is not None:
            names, opts.group_columns, opts.n_group_columns = _strings(groups, 'groups')
        _store(opts, 'derive()', images_per_epoch=images_per_epoch, reference_row=reference_row,
               node_power_w=node_power_w, pue=pue, years=years, utilisation=utilisation,
               price_kwh=price_kwh)
        return Dataset._make(_ds_derive, self, ctypes.byref(opts))

    def cross_benchmark(self, reference: str | None = None,
                        min_benchmarks: int | None = None) -> Dataset:
        """Each benchmark's speed of every system (round, submitter,
        system_name, total_accelerators) that ran several in a round, against
        a reference system of the round (accelsel_dataset_cross_benchmark():
        columns speed_vs_reference and speed_per_accelerator_vs_reference,
        ...). reference: a system_name looked up in each round; None: per
        round the system of the most benchmarks, then the fewest
        accelerators. min_benchmarks: None: the library's default
        (ACCELSEL_CROSS_OPTIONS_INIT, 2)."""
        opts = _CrossOptions()
        _cross_options_init(ctypes.byref(opts), _c.ACCELSEL_CROSS_OPTIONS_VERSION)
        opts.reference = _text_option(reference, 'reference')
        _store(opts, 'cross_benchmark()', min_benchmarks=min_benchmarks)
        return Dataset._make(_ds_cross, self, ctypes.byref(opts))
