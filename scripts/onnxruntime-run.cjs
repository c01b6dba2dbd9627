#!/usr/bin/env node
// Runs an exported .onnx file in ONNX Runtime (npm's onnxruntime-node, CPU) for the export
// tests and benchmarks: a checker and a stopwatch, not a part of the program.
//
//   NODE_PATH=.deps/ort-node/node_modules node scripts/onnxruntime-run.cjs JOB.json
//
// JOB.json: {"model": "m.onnx", "input": "x.bin", "dims": [n, 3, h, w], "batch": b,
//            "outDir": "dir", "threads": 1, "warmup": 1, "repeat": 0}
// x.bin holds n images as little-endian float32 NCHW. They run in chunks of `batch` (the
// last chunk padded with zeros for a static export); fp16 models get fp16 input. Writes
// dir/<output>.bin (float32, the chunks' outputs joined) and dir/result.json with the output
// shapes, the input and output names, the ONNX Runtime version and, with repeat > 0, the
// latency of one chunk (median, mean, min over `repeat` runs after `warmup`).
'use strict';

const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

// IEEE 754 binary16 <-> binary32, round to nearest even (Node 20 has no Float16Array).
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function toHalf(value) {
  f32[0] = value;
  const x = u32[0];
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  let e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let half = mant >>> shift;
    const rest = mant & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    if (rest > mid || (rest === mid && (half & 1))) half += 1;
    return sign | half;
  }
  let half = sign | (e << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (half & 1))) half += 1;
  return half;
}
function fromHalf(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * Math.pow(2, -24);
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * Math.pow(2, exp - 15);
}

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const session = await ort.InferenceSession.create(job.model, {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: job.threads || 1,
    interOpNumThreads: 1,
  });
  const inputName = session.inputNames[0];
  const meta = session.inputMetadata ? session.inputMetadata[0] : null;
  const half = meta && meta.type === 'float16';
  const [n, c, h, w] = job.dims;
  const bytes = fs.readFileSync(job.input);
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  if (all.length !== n * c * h * w) throw new Error(`${job.input}: ${all.length} values, expected ${n * c * h * w}`);
  const batch = job.batch || n;
  const per = c * h * w;

  function chunkTensor(start) {
    const data = new Float32Array(batch * per);
    data.set(all.subarray(start * per, Math.min(n, start + batch) * per));
    if (!half) return new ort.Tensor('float32', data, [batch, c, h, w]);
    const bits = new Uint16Array(data.length);
    for (let i = 0; i < data.length; ++i) bits[i] = toHalf(data[i]);
    return new ort.Tensor('float16', bits, [batch, c, h, w]);
  }
  function toFloat(t) {
    if (t.type === 'float32') return t.data;
    const out = new Float32Array(t.data.length);
    for (let i = 0; i < t.data.length; ++i) out[i] = fromHalf(t.data[i]);
    return out;
  }

  const collected = {};
  const shapes = {};
  for (let start = 0; start < n; start += batch) {
    const real = Math.min(batch, n - start);
    const result = await session.run({ [inputName]: chunkTensor(start) });
    for (const name of session.outputNames) {
      const t = result[name];
      const values = toFloat(t);
      const rows = values.length / t.dims[0];
      (collected[name] = collected[name] || []).push(values.subarray(0, real * rows));
      shapes[name] = [n, ...t.dims.slice(1)];
    }
  }
  fs.mkdirSync(job.outDir, { recursive: true });
  for (const name of session.outputNames) {
    const parts = collected[name];
    const total = parts.reduce((s, p) => s + p.length, 0);
    const joined = new Float32Array(total);
    let at = 0;
    for (const p of parts) {
      joined.set(p, at);
      at += p.length;
    }
    fs.writeFileSync(path.join(job.outDir, `${name}.bin`), Buffer.from(joined.buffer));
  }

  const report = {
    onnxruntime: ort.env.versions ? ort.env.versions.common : '',
    inputs: session.inputNames,
    outputs: session.outputNames.map((name) => ({ name, dims: shapes[name] })),
    inputType: half ? 'float16' : 'float32',
  };
  if (job.repeat > 0) {
    const input = { [inputName]: chunkTensor(0) };
    for (let i = 0; i < (job.warmup || 0); ++i) await session.run(input);
    const times = [];
    for (let i = 0; i < job.repeat; ++i) {
      const t0 = process.hrtime.bigint();
      await session.run(input);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort((a, b) => a - b);
    report.latencyMs = {
      median: times[Math.floor(times.length / 2)],
      mean: times.reduce((s, t) => s + t, 0) / times.length,
      min: times[0],
      runs: times.length,
      batch,
    };
  }
  fs.writeFileSync(path.join(job.outDir, 'result.json'), JSON.stringify(report, null, 1));
}

main().catch((e) => {
  console.error(`onnxruntime-run: ${e && e.message ? e.message : e}`);
  process.exit(1);
});
