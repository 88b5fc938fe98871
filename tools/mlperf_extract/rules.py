"""The benchmarks and the scoring rules of each round.

Sources (data/README.md links each):
- the runs each benchmark requires and the olympic mean: `training_rules.adoc`
  of mlcommons/training_policies, "Benchmark Results", at the last commit
  before the round was published (RULES_COMMIT);
- the quality targets: the same document's tables; where a round's
  submissions checked a newer target than that text (v0.6 raised ResNet,
  SSD, GNMT and MiniGo), the target the round's logs and reference code
  check; from v0.7 on the compliance checker of mlcommons/logging
  (`compliance_checker/training_X.Y.0/closed_<benchmark>.yaml`) agrees;
- UNet3D drops the 4 fastest and 4 slowest of its 40 runs and allows 4
  non-converged ones (the same document, "UNET3D"); v0.5 and v0.6 NCF runs
  100 times and scores the first 50 that converge.
"""

ROUNDS = ('v0.5', 'v0.6', 'v0.7', 'v1.0', 'v1.1', 'v2.0', 'v2.1', 'v3.0', 'v3.1',
          'v4.0', 'v4.1', 'v5.0')

# training_rules.adoc as it stood when each round was published.
RULES_COMMIT = {
    'v0.5': '6e021638e80a1a82d151d4f4bf703d6704643fd7',
    'v0.6': '28c67ac36cb4ffe43ba4c350e62bc0d6c58ed291',
    'v0.7': 'e382b31d9be0e2f463e19ca770e9ace28911106a',
    'v1.0': '47ef1fdc352b1b9f275d474b30fdf30109be4e1b',
    'v1.1': 'ebfe13f446646be94fc19ba7f1830d0859e75fed',
    'v2.0': 'd7d9e424dc512b4c810617be70120b8beb5db3a9',
    'v2.1': '7a0d1c002b69fa1cabdcce3092280feacb40fa6e',
    'v3.0': 'a2285a6df9d1949e3731b3bea4d039fb26b99a86',
    'v3.1': 'f9531cd64f790c88f7a11b9ca09a02bc717ea4db',
    'v4.0': '9f32f97db41fd1fbbe27b89dfebfda4a8c7f343b',
    'v4.1': 'd38fe44e8cc2a7b026909726b39e6e7041477c9c',
    'v5.0': '7e298673bfdd23fd5ab776c6bb885b10ef91e548',
}


class Benchmark:
    """One benchmark: its model, metric and the rule of each round.

    target(round) gives (threshold, higher_is_better); runs(round) the runs
    the rules require; dropped the runs dropped at each end of the sorted
    times, which is also the most non-converged runs a valid result has."""

    def __init__(self, name, model, task, dataset, metric, targets, runs, higher=True,
                 dropped=1, first_converged=None, eval_result_time=()):
        self.name, self.model, self.task, self.dataset, self.metric = name, model, task, dataset, metric
        self._targets, self._runs = targets, runs
        self.higher = higher
        self.dropped = dropped
        self.first_converged = first_converged or {}
        # Rounds whose time to train is the eval_result's timestamp: the
        # seconds from run_start to the first model that beat the target.
        self.eval_result_time = eval_result_time

    @staticmethod
    def _by_round(table, rnd):
        value = None
        for r in ROUNDS:
            if r in table:
                value = table[r]
            if r == rnd:
                return value
        return value

    def target(self, rnd):
        return self._by_round(self._targets, rnd)

    def runs(self, rnd):
        return self._by_round(self._runs, rnd)

    def target_text(self, rnd):
        """The quality target as the rules state it, e.g. `top-1 accuracy >= 0.759`."""
        t = self.target(rnd)
        if isinstance(self.metric, tuple):
            return ' and '.join('%s %s %s' % (name, op, v) for (name, op), v in zip(self.metric, t))
        return '%s %s %s' % (self.metric, '>=' if self.higher else '<=', t)


BENCHMARKS = {b.name: b for b in (
    Benchmark('resnet', 'ResNet-50 v1.5', 'image classification', 'ImageNet', 'top-1 accuracy',
              {'v0.5': 0.749, 'v0.6': 0.759}, {'v0.5': 5}),
    Benchmark('ssd', 'SSD (ResNet-34 backbone)', 'object detection, light weight', 'COCO 2017',
              'mAP', {'v0.5': 0.212, 'v0.6': 0.23}, {'v0.5': 5}),
    Benchmark('retinanet', 'RetinaNet (ResNeXt50-32x4d)', 'object detection, light weight',
              'OpenImages subset', 'mAP', {'v2.0': 0.34}, {'v2.0': 5}),
    Benchmark('maskrcnn', 'Mask R-CNN', 'object detection, heavy weight', 'COCO 2017',
              (('box mAP', '>='), ('mask mAP', '>=')), {'v0.5': (0.377, 0.339)}, {'v0.5': 5}),
    Benchmark('gnmt', 'GNMT', 'translation, recurrent', 'WMT16 English-German', 'SacreBLEU',
              {'v0.5': 21.8, 'v0.6': 24.0}, {'v0.5': 10}),
    Benchmark('transformer', 'Transformer (big)', 'translation, non-recurrent',
              'WMT17 English-German', 'BLEU', {'v0.5': 25.0}, {'v0.5': 10}),
    Benchmark('ncf', 'NCF', 'recommendation', 'MovieLens-20M', 'HR@10', {'v0.5': 0.635},
              {'v0.5': 100}, first_converged={'v0.5': 50, 'v0.6': 50}),
    Benchmark('minigo', 'MiniGo', 'reinforcement learning', 'Go', 'win rate',
              {'v0.5': 0.40, 'v0.6': 0.50}, {'v0.5': 20, 'v0.7': 10},
              eval_result_time=('v0.5', 'v0.6')),
    Benchmark('bert', 'BERT-large', 'language modelling (NLP)', 'Wikipedia 2020/01/01',
              'masked-LM accuracy', {'v0.7': 0.712, 'v1.0': 0.720}, {'v0.7': 10}),
    Benchmark('dlrm', 'DLRM', 'recommendation', 'Criteo 1TB click logs', 'AUC',
              {'v0.7': 0.8025}, {'v0.7': 5}),
    Benchmark('dlrm_dcnv2', 'DLRM-DCNv2', 'recommendation', 'Criteo 4TB multi-hot', 'AUC',
              {'v3.0': 0.80275}, {'v3.0': 10}),
    Benchmark('rnnt', 'RNN-T', 'speech recognition', 'LibriSpeech', 'word error rate',
              {'v1.0': 0.058}, {'v1.0': 10}, higher=False),
    Benchmark('unet3d', '3D U-Net', 'image segmentation (medical)', 'KiTS19', 'mean DICE',
              {'v1.0': 0.908}, {'v1.0': 40}, dropped=4),
    Benchmark('gpt3', 'GPT-3 175B', 'LLM pre-training', 'C4', 'log perplexity',
              {'v3.0': 2.69}, {'v3.0': 3}, higher=False),
    Benchmark('stable_diffusion', 'Stable Diffusion v2', 'text to image', 'LAION-400M-filtered',
              (('FID', '<='), ('CLIP', '>=')), {'v3.1': (90.0, 0.15)}, {'v3.1': 10}),
    Benchmark('llama2_70b_lora', 'Llama 2 70B LoRA', 'LLM fine-tuning', 'SCROLLS GovReport',
              'eval loss', {'v4.0': 0.925}, {'v4.0': 10}, higher=False),
    Benchmark('rgat', 'R-GAT', 'graph node classification', 'IGBH-Full', 'accuracy',
              {'v4.0': 0.72}, {'v4.0': 10}),
    Benchmark('llama31_405b', 'Llama 3.1 405B', 'LLM pre-training', 'C4', 'log perplexity',
              {'v5.0': 5.6}, {'v5.0': 3}, higher=False),
)}

# Folder names of results that are not the benchmark's name.
_ALIASES = {'mask': 'maskrcnn', 'gnn': 'rgat'}


def canonical(folder, rnd):
    """The benchmark a results folder name stands for in a round, or None.
    `ssd` is SSD up to v1.1 and RetinaNet from v2.0 (the folder kept its name)."""
    name = _ALIASES.get(folder, folder)
    if name == 'ssd' and ROUNDS.index(rnd) >= ROUNDS.index('v2.0'):
        return 'retinanet'
    return name if name in BENCHMARKS else None

# Results kept out of the tables and of every fit unless asked for: ResNet-50
# of v4.0, held back to judge the predictor and the method on data nobody
# has tuned to.
HELD_BACK = {('v4.0', 'resnet')}

# The first round whose results folders record the RCP normalisation that
# review applied (scaling.json, read by the result summarizer).
FIRST_SCALING = 'v2.0'


def rules_url(rnd):
    """The scoring rules a round followed ("Benchmark Results")."""
    return ('https://github.com/mlcommons/training_policies/blob/%s/training_rules.adoc'
            '#benchmark-results' % RULES_COMMIT[rnd])
