"""The columns of the tables and how they are written (RFC 4180, UTF-8, CRLF
line ends, fields quoted only when needed)."""
import csv
import io

# The columns of data/mlperf_training_resnet.csv, in its order.
RESNET_COLUMNS = (
    'round', 'submitter', 'division', 'status', 'division_norm', 'availability', 'system_name',
    'system_id', 'submitter_dir', 'number_of_nodes', 'accelerator_model_name',
    'accelerator_family', 'accelerators_per_node', 'total_accelerators',
    'accelerator_memory_capacity', 'accelerator_interconnect', 'host_processor_model_name',
    'host_processors_per_node', 'host_processor_core_count', 'host_memory_capacity', 'framework',
    'n_runs', 'n_runs_success', 'time_to_train_min', 'run_times_min', 'global_batch_size',
    'epochs_mean', 'eval_accuracy_mean', 'throughput_img_s', 'train_samples_logged',
    'scoring_note', 'same_runs_as', 'power_results', 'legacy_interconnect', 'system_json_schema',
    'system_json_path', 'results_path', 'notes')

# What the table of every benchmark adds after them (data/README.md).
NEW_COLUMNS = (
    'benchmark', 'model', 'quality_target', 'runs_required', 'samples_to_converge_mean',
    'rcp_scaling_factor', 'time_to_train_min_scaled',
    'precision', 'tensor_parallel', 'pipeline_parallel', 'context_parallel', 'sequence_parallel',
    'data_parallel', 'micro_batch_size', 'sequence_length', 'gradient_accumulation_steps',
    'parallelism_source', 'container',
    'measured_energy_kwh', 'measured_energy_scope', 'measured_energy_runs')

COLUMNS = RESNET_COLUMNS + NEW_COLUMNS


def to_csv(rows, columns=COLUMNS):
    """The text of a table of rows (dicts), header first."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator='\r\n', quoting=csv.QUOTE_MINIMAL)
    w.writerow(columns)
    for row in rows:
        w.writerow([row.get(c, '') for c in columns])
    return out.getvalue()
