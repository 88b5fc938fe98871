"""accelerator_family: a coarse grouping of the raw accelerator names.

Rules are tried in order against the lower-cased accelerator_model_name;
for a bare `TPU` the version comes from the system name (`tpu-v4-128`).
"""
import re

_RULES = (
    (r'^(n/?a|none|)$', 'none (CPU only)'),
    (r'gb200', 'NVIDIA GB200'),
    (r'b200', 'NVIDIA B200'),
    (r'h200', 'NVIDIA H200'),
    (r'h100', 'NVIDIA H100'),
    (r'a100', 'NVIDIA A100'),
    (r'a10g', 'NVIDIA A10G'),
    (r'\ba30\b|a30-', 'NVIDIA A30'),
    (r'\ba40\b', 'NVIDIA A40'),
    (r'l40s', 'NVIDIA L40S'),
    (r'\bl40\b', 'NVIDIA L40'),
    (r'\bl4\b', 'NVIDIA L4'),
    (r'rtx a5000', 'NVIDIA RTX A5000'),
    (r'rtx 4090', 'NVIDIA GeForce RTX 4090'),
    (r'v100', 'NVIDIA V100'),
    (r'mi300x', 'AMD Instinct MI300X'),
    (r'mi325x', 'AMD Instinct MI325X'),
    (r'rx 7900 xtx', 'AMD Radeon RX 7900 XTX'),
    (r'gaudi ?\(r\)? ?2|gaudi2', 'Habana Gaudi2'),
    (r'gaudi', 'Habana Gaudi'),
    (r'bow ipu', 'Graphcore Bow IPU'),
    (r'ipu', 'Graphcore IPU GC200'),
    (r'ascend ?910', 'Huawei Ascend 910'),
)

_TPU = ((r'trillium|v6e', 'Google TPU v6e (Trillium)'), (r'v5p', 'Google TPU v5p'),
        (r'v5e|v5 lite', 'Google TPU v5e'), (r'v4', 'Google TPU v4'), (r'v3', 'Google TPU v3'),
        (r'v2', 'Google TPU v2'))


def family(model_name, system_name):
    """The family of a raw accelerator name, or 'other' when no rule knows it."""
    name = model_name.strip().lower()
    if 'tpu' in name:
        for text in (name, system_name.lower()):
            for pattern, fam in _TPU:
                if re.search(pattern, text):
                    return fam
        return 'Google TPU'
    for pattern, fam in _RULES:
        if re.search(pattern, name):
            return fam
    return 'other'
