"""DNNs as DAGs of layers with shapes, parameters, MACs, FLOPs and bytes
(accelsel/network.h)."""
from __future__ import annotations

import ctypes
import typing

from . import _ctypes_gen as _c
from ._convert import Path, Text, _buf, _dec, _enc, _store, _sz, _szp, _text, _vp, _vpp, _whole
from ._handle import _fn, _Handle, _holding, _returned_text

__all__ = ['Network']

_NetworkOptions = _c.accelsel_network_options
_net_options_init = _fn('accelsel_network_options_init', ctypes.c_int,
                        [ctypes.POINTER(_NetworkOptions), ctypes.c_uint])
_net_load_file = _fn('accelsel_network_load_file', ctypes.c_int,
                     [_vpp, ctypes.c_char_p, ctypes.POINTER(_NetworkOptions)])
_net_load_buffer = _fn('accelsel_network_load_buffer', ctypes.c_int,
                       [_vpp, ctypes.c_char_p, _sz, ctypes.POINTER(_NetworkOptions)])
_net_load_zoo = _fn('accelsel_network_load_zoo', ctypes.c_int,
                    [_vpp, ctypes.c_char_p, ctypes.POINTER(_NetworkOptions)])
_net_load_hf_file = _fn('accelsel_network_load_hf_file', ctypes.c_int,
                        [_vpp, ctypes.c_char_p, ctypes.POINTER(_NetworkOptions)])
_net_load_hf_buffer = _fn('accelsel_network_load_hf_buffer', ctypes.c_int,
                          [_vpp, ctypes.c_char_p, _sz, ctypes.POINTER(_NetworkOptions)])
_net_zoo_name = _fn('accelsel_network_zoo_name', ctypes.c_char_p, [_sz], check=False)
_net_zoo_description = _fn('accelsel_network_zoo_description', ctypes.c_char_p, [_sz], check=False)
_net_save_file = _fn('accelsel_network_save_file', ctypes.c_int, ['Network', ctypes.c_char_p])
_net_save_buffer = _fn('accelsel_network_save_buffer', ctypes.c_int,
                       ['Network', ctypes.POINTER(ctypes.c_void_p), _szp])
_net_name = _fn('accelsel_network_name', ctypes.c_char_p, ['Network'], check=False)
_net_bpe = _fn('accelsel_network_bytes_per_element', ctypes.c_uint32, ['Network'], check=False)
_net_layer_count = _fn('accelsel_network_layer_count', _sz, ['Network'], check=False)
_net_input_count = _fn('accelsel_network_input_count', _sz, ['Network'], check=False)
_net_layer = _fn('accelsel_network_layer', ctypes.POINTER(_c.accelsel_layer_info), ['Network', _sz],
                 check=False)
_net_layer_index = _fn('accelsel_network_layer_index', ctypes.c_int, ['Network', ctypes.c_char_p, _szp])
_net_layer_inputs = _fn('accelsel_network_layer_inputs', ctypes.c_int,
                        ['Network', _sz, ctypes.POINTER(_szp), _szp])
_net_layer_outputs = _fn('accelsel_network_layer_outputs', ctypes.c_int,
                         ['Network', _sz, ctypes.POINTER(_szp), _szp])
_net_topo_order = _fn('accelsel_network_topo_order', ctypes.c_int, ['Network', ctypes.POINTER(_szp), _szp])
_net_outputs = _fn('accelsel_network_outputs', ctypes.c_int, ['Network', ctypes.POINTER(_szp), _szp])
_net_totals = _fn('accelsel_network_get_totals', ctypes.POINTER(_c.accelsel_network_totals), ['Network'],
                  check=False)
_net_recipe = _fn('accelsel_network_get_recipe', ctypes.POINTER(_c.accelsel_network_recipe), ['Network'],
                  check=False)
_net_transformer = _fn('accelsel_network_get_transformer', ctypes.POINTER(_c.accelsel_transformer_info),
                       ['Network'], check=False)
_net_free = _fn('accelsel_network_free', None, [_vp], check=False)

# The families of accelsel_transformer_info, by the names Network.transformer gives.
_FAMILIES = {_c.ACCELSEL_TRANSFORMER_DECODER: 'decoder', _c.ACCELSEL_TRANSFORMER_ENCODER: 'encoder'}
# Its yes/no fields, which Network.transformer gives as bools.
_TRANSFORMER_FLAGS = ('gated', 'bias', 'rmsnorm', 'tied_embeddings', 'dropout')

# Figures of a layer that Network.layer() and Network.per_layer() expose by name.
_LAYER_FIELDS = [f for f, _ in _c.accelsel_layer_info._fields_
                 if f not in ('version', 'kind', 'name', 'kind_name', 'op', 'rank', 'shape')]

# A layer as Network.layer() gives it: name, kind, op, shape and its figures.
Layer = typing.Dict[str, typing.Any]


def _net_options(bytes_per_element, sequence=None):
    opts = _NetworkOptions()
    _net_options_init(ctypes.byref(opts), _c.ACCELSEL_NETWORK_OPTIONS_VERSION)
    _store(opts, 'Network', bytes_per_element=bytes_per_element, sequence=sequence)
    return opts


def _index_list(call, net, *args):
    """The index array that call returns, copied while the network is held."""
    ptr, n = _szp(), _sz()
    with net._held():
        call(net, *args, ctypes.byref(ptr), ctypes.byref(n))
        return [ptr[i] for i in range(n.value)]


class Network(_Handle):
    """A DNN as a DAG of layers with per-sample shapes, parameters, MACs, FLOPs and
    bytes (see include/accelsel/network.h for the counting conventions).

    Layers are numbered from 0: the network inputs first, then the layers in file
    order. layer(i) gives a dict of one layer's figures; per_layer(field) gives
    one figure for every layer as a list. bytes_per_element (zoo(), load(),
    from_yaml(), load_hf(), from_hf()): None for the library's default
    (ACCELSEL_NETWORK_OPTIONS_INIT: 4, fp32). sequence: the tokens per
    sequence a network described as a transformer (a zoo LLM, a YAML
    'transformer' section, a configuration file) is built for; None for
    its description's own (any other network takes None alone)."""
    _free = _net_free

    @classmethod
    def zoo(cls, name: str, bytes_per_element: int | None = None,
            sequence: int | None = None) -> Network:
        """A model of the compiled-in zoo, e.g. 'resnet50' or 'llama31-405b' (see zoo_models())."""
        opts = _net_options(bytes_per_element, sequence)
        return cls._make(_net_load_zoo, _enc(name), ctypes.byref(opts))

    @classmethod
    def load(cls, path: Path, bytes_per_element: int | None = None,
             sequence: int | None = None) -> Network:
        """Read a network YAML file (docs/network-format.md)."""
        opts = _net_options(bytes_per_element, sequence)
        return cls._make(_net_load_file, _text(path, 'path'), ctypes.byref(opts))

    @classmethod
    def from_yaml(cls, text: Text, bytes_per_element: int | None = None,
                  sequence: int | None = None) -> Network:
        """Read a network from YAML text (str or bytes)."""
        data = _buf(text)
        opts = _net_options(bytes_per_element, sequence)
        return cls._make(_net_load_buffer, data, len(data), ctypes.byref(opts))

    @classmethod
    def load_hf(cls, path: Path, bytes_per_element: int | None = None,
                sequence: int | None = None) -> Network:
        """Read a transformer from a Hugging Face-style config.json
        (docs/network-format.md, "Configuration files"; model types llama,
        custom_llama, mistral, mixtral, gpt2, bert)."""
        opts = _net_options(bytes_per_element, sequence)
        return cls._make(_net_load_hf_file, _text(path, 'path'), ctypes.byref(opts))

    @classmethod
    def from_hf(cls, text: Text, bytes_per_element: int | None = None,
                sequence: int | None = None) -> Network:
        """Read a transformer from the text (str or bytes) of a config.json; a file: load_hf()."""
        data = _buf(text)
        opts = _net_options(bytes_per_element, sequence)
        return cls._make(_net_load_hf_buffer, data, len(data), ctypes.byref(opts))

    @staticmethod
    def zoo_models() -> list[tuple[str, str]]:
        """[(name, description)] of the zoo."""
        models, i = [], 0
        while _net_zoo_name(i) is not None:
            models.append((_net_zoo_name(i).decode(), _net_zoo_description(i).decode()))
            i += 1
        return models

    @property
    def name(self) -> str:
        """The network's name."""
        return _dec(_net_name(self))

    @property
    def bytes_per_element(self) -> int:
        """Bytes of one element of an activation or weight (4: fp32)."""
        return _net_bpe(self)

    def __len__(self) -> int:
        return _net_layer_count(self)

    @property
    def input_count(self) -> int:
        """The number of network inputs (layers 0 to input_count - 1)."""
        return _net_input_count(self)

    def index(self, name: str) -> int:
        """Index of the layer called name (NotFoundError, ACCELSEL_ENOTFOUND, if none)."""
        out = _sz()
        _net_layer_index(self, _enc(name), ctypes.byref(out))
        return out.value

    def _layer_index(self, i):
        """A layer given by index or name as an index in range (IndexError otherwise)."""
        if isinstance(i, (str, bytes)):
            return self.index(i)
        i = _whole(i, 'a layer (an int index or a name)')
        if not 0 <= i < len(self):
            raise IndexError('layer %d of %d' % (i, len(self)))
        return i

    def _info(self, i):
        return _net_layer(self, self._layer_index(i)).contents

    @_holding
    def layer(self, i: int | str) -> Layer:
        """Layer i (an index or a name) as a dict: name, kind, op, shape and every
        figure of accelsel_layer_info ('global_' is reported as 'global')."""
        info = self._info(i)
        d = {'name': _dec(info.name), 'kind': _dec(info.kind_name), 'op': _dec(info.op),
             'shape': tuple(info.shape[:info.rank])}
        for f in _LAYER_FIELDS:
            d['global' if f == 'global_' else f] = getattr(info, f)
        return d

    def layers(self) -> list[Layer]:
        """Every layer as layer() gives it, in order."""
        return [self.layer(i) for i in range(len(self))]

    def per_layer(self, field: str) -> list[typing.Any]:
        """One figure ('params', 'flops', 'intensity', 'name', 'shape', ...) for every layer."""
        if field in ('name', 'kind', 'op', 'shape'):
            return [self.layer(i)[field] for i in range(len(self))]
        attr = 'global_' if field == 'global' else field
        if attr not in _LAYER_FIELDS:
            raise KeyError(field)
        with self._held():
            return [getattr(_net_layer(self, i).contents, attr) for i in range(len(self))]

    def inputs(self, i: int | str) -> list[int]:
        """Indices of the layers that layer i reads, in its listed order."""
        return _index_list(_net_layer_inputs, self, self._layer_index(i))

    def successors(self, i: int | str) -> list[int]:
        """Indices of the layers that read layer i, ascending."""
        return _index_list(_net_layer_outputs, self, self._layer_index(i))

    def topo_order(self) -> list[int]:
        """Every layer, each after the layers it reads."""
        return _index_list(_net_topo_order, self)

    def outputs(self) -> list[int]:
        """Indices of the layers nothing reads."""
        return _index_list(_net_outputs, self)

    @property
    @_holding
    def totals(self) -> dict[str, int]:
        """The whole network's counts (layers, inputs, outputs, params, macs,
        elementwise_flops, flops, weight_bytes, activation_bytes)."""
        t = _net_totals(self).contents
        return {f: getattr(t, f) for f, _ in t._fields_ if f != 'version'}

    @property
    @_holding
    def recipe(self) -> dict[str, typing.Any]:
        """The training recipe the network carries (docs/network-format.md,
        "Training recipes"; accelsel_network_get_recipe()), which the predictor
        reads: {'epoch_samples', 'epochs', 'total_samples', 'dataset',
        'source', 'global_batch'}, None for each figure or text not given."""
        r = _net_recipe(self).contents
        d = {f: getattr(r, f) or None
             for f in ('epoch_samples', 'epochs', 'total_samples', 'global_batch')}
        d.update({f: _dec(getattr(r, f)) for f in ('dataset', 'source')})
        return d

    @property
    @_holding
    def transformer(self) -> dict[str, typing.Any] | None:
        """The transformer sizes the network was built from
        (accelsel_network_get_transformer(): a configuration file, a YAML
        'transformer' section, a zoo LLM), which parallel plans need
        (Predictor.predict(plan=...)): a dict with family ('decoder' or
        'encoder'), layers, hidden, heads, kv_heads, head_dim, ffn, vocab,
        sequence, positions, type_vocab, experts, top_k, lora_rank, the bools
        gated, bias, rmsnorm, tied_embeddings, dropout, and activation; None
        for a network of layers."""
        p = _net_transformer(self)
        if not p:
            return None
        t = p.contents
        d = {f: getattr(t, f) for f, _ in t._fields_ if f not in ('version', 'family', 'activation')}
        d.update({f: bool(d[f]) for f in _TRANSFORMER_FLAGS})
        d.update(family=_FAMILIES[t.family], activation=_dec(t.activation))
        return d

    def to_yaml(self, path: Path | None = None) -> str | None:
        """The network in its canonical YAML form: written to path, or returned as a str."""
        if path is not None:
            _net_save_file(self, _text(path, 'path'))
            return None
        return _returned_text(_net_save_buffer, self)

