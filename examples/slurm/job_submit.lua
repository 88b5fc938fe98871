--[[
job_submit.lua: libaccelsel inside Slurm's controller (job_submit/lua).

A job that carries a spec in its comment,

    sbatch --comment "accelsel:network=resnet50,epochs=40,batch=2048" job.sh

is predicted on the partitions of accelsel-partitions.yaml (a cluster file,
docs/placement.md) that it may use (those it names, or all when it names
none), and:

  * when it names no partition, or several, it goes to the one where it
    completes first (an idle cluster: the plugin does not see the queue);
  * its time limit is set from the prediction with its safety margin (the
    predictor's held-out error, p90 by default), when it gave none or a
    longer one;
  * the prediction goes into its admin comment;
  * a job whose model does not fit the accelerators' memory at its batch is
    rejected, with a message to the user;
  * anything else that fails (a bad spec, an unknown network, a broken
    file) leaves the job as it was submitted, with a line in the
    controller's log: the plugin never stops a submission.

The spec: KEY=VALUE pairs after "accelsel:", separated by commas, no blanks
(docs/placement.md, "The text form of a job"): network (required: a zoo
name or a network file), batch or device_batch, epochs or samples,
precision, stack, min and max (accelerators; 1 to a partition's by
default), deadline. README.md, "Placement in Slurm", walks an
administrator through installing it.
]]

-- Site settings.
local here = (debug.getinfo(1, "S").source:match("^@(.*/)") or "./")
local settings = {
  -- Where accelsel.so is (the Lua module of libaccelsel: docs/lua.md).
  cpath = "/usr/local/lib/x86_64-linux-gnu/lua/5.1/?.so",
  -- The partitions and their accelerators (a cluster file).
  partitions = here .. "accelsel-partitions.yaml",
  -- The predictor's parameters: nil for the fit shipped with the library.
  params = nil,
  -- Network files in specs (network=/path/net.yaml): off, so that a user's
  -- comment cannot make the controller read a file; zoo names only.
  network_files = false,
  policy = "earliest-completion",
  margin = "p90",
}

package.cpath = settings.cpath .. ";" .. package.cpath

local state -- the module, catalog, predictor and cluster, loaded once

local function load_state()
  if state then
    return state
  end
  local accelsel = require "accelsel"
  local cat = accelsel.catalog()
  local s = {
    accelsel = accelsel,
    predictor = accelsel.predictor(cat, settings.params),
    cluster = accelsel.cluster(cat, settings.partitions),
  }
  state = s
  return s
end

-- The decision for the job's spec on the partitions it may use.
local function decide(job_desc, spec)
  local s = load_state()
  local job = s.accelsel.parse_job(spec)
  if not settings.network_files and (job.network:find("/", 1, true) or job.network:match("%.yaml$")) then
    error("network files are off (settings.network_files): " .. job.network)
  end
  job.partitions = job_desc.partition
  return s.accelsel.place(s.predictor, s.cluster, job,
                          { policy = settings.policy, margin = settings.margin })
end

local function describe(d, spec)
  return string.format("accelsel: %s x %d, predicted %.1f min, limit %s (%s margin, group %s: %.1f %%); %s",
    d.partition, d.count, d.run_s / 60,
    d.time_limit_s < math.huge and string.format("%.1f min", d.time_limit_s / 60) or "none",
    settings.margin, d.error_group, d.margin_pct, spec)
end

local function apply(job_desc, d, spec)
  local named = job_desc.partition
  if named == nil or named:find(",", 1, true) then
    job_desc.partition = d.partition
  end
  if d.time_limit_s < math.huge then
    local minutes = math.ceil(d.time_limit_s / 60)
    local given = job_desc.time_limit
    if given == nil or given == slurm.NO_VAL or given > minutes then
      job_desc.time_limit = minutes
    end
  end
  local note = describe(d, spec)
  local old = job_desc.admin_comment
  job_desc.admin_comment = old and (old .. "; " .. note) or note
end

function slurm_job_submit(job_desc, part_list, submit_uid)
  local spec = job_desc.comment and job_desc.comment:match("accelsel:(%S+)")
  if not spec then
    return slurm.SUCCESS
  end
  local ok, d = pcall(decide, job_desc, spec)
  if ok then
    ok, d = pcall(apply, job_desc, d, spec)
    if ok then
      return slurm.SUCCESS
    end
  end
  if type(d) == "table" and d.status == "ACCELSEL_EINFEASIBLE" then
    slurm.log_user("accelsel: the job does not fit: %s", d.message)
    slurm.log_info("accelsel: rejected a job of uid %d: %s", submit_uid, tostring(d))
    return slurm.ERROR
  end
  slurm.log_info("accelsel: the job of uid %d passes unchanged: %s", submit_uid, tostring(d))
  return slurm.SUCCESS
end

function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
  return slurm.SUCCESS
end

return slurm.SUCCESS
