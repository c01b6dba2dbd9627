#!/usr/bin/env python3
"""The soak's figures (docs/RELIABILITY.md, "A day of use"): memory, threads and descriptors
after warm-up against the end, from gp_monkey's soak CSV.

    bench/monkey/soak_summary.py bench/monkey/results/soak_seed1.csv [warmup_seconds=300]
"""
import csv
import statistics
import sys

rows = [{k: float(v) for k, v in r.items()} for r in csv.DictReader(open(sys.argv[1]))]
warmup = float(sys.argv[2]) if len(sys.argv) > 2 else 300.0
after = [r for r in rows if r["seconds"] >= warmup]
if len(after) < 4:
    sys.exit("not enough samples after the warm-up")


def median_rss(part):
    # The median of a stretch: a checkpoint's save or a validation lifts single samples.
    return statistics.median(r["rss_kb"] for r in part) / 1024


quarter = max(2, len(after) // 4)
first, last = median_rss(after[:quarter]), median_rss(after[-quarter:])
print(f"samples {len(rows)}, {rows[-1]['seconds'] / 60:.0f} min, {int(rows[-1]['actions'])} actions")
print(f"resident memory, median of the first quarter after {warmup:.0f} s: {first:.0f} MiB; of the last quarter: {last:.0f} MiB;"
      f" growth {100 * (last - first) / first:+.1f} %; highest sample {max(r['rss_kb'] for r in rows) / 1024:.0f} MiB")
print(f"threads {int(min(r['threads'] for r in after))}-{int(max(r['threads'] for r in after))},"
      f" file descriptors {int(min(r['fds'] for r in after))}-{int(max(r['fds'] for r in after))}")
print(f"longest GUI-thread stretch {max(r['longest_stall_ms'] for r in rows):.0f} ms")
if "heap_used_kb" in rows[0]:
    def median_of(part, key):
        return statistics.median(r[key] for r in part) / 1024
    print(f"heap in use (mallinfo2), the same quarters: {median_of(after[:quarter], 'heap_used_kb'):.0f} ->"
          f" {median_of(after[-quarter:], 'heap_used_kb'):.0f} MiB; free but kept by glibc:"
          f" {median_of(after[:quarter], 'heap_free_kb'):.0f} -> {median_of(after[-quarter:], 'heap_free_kb'):.0f} MiB")

# Ten-minute medians of every memory column: where growth starts, and whether it is the heap in
# use, memory glibc keeps, or memory outside malloc (resident minus the heap).
columns = [c for c in ("rss_kb", "rss_anon_kb", "rss_file_kb", "heap_used_kb", "heap_mmap_kb", "heap_free_kb")
           if c in rows[0]]
print("minutes | " + " | ".join(c.replace("_kb", " MiB") for c in columns))
for start in range(0, int(rows[-1]["seconds"]) + 1, 600):
    part = [r for r in rows if start <= r["seconds"] < start + 600]
    if part:
        print(f"{start // 60:>3}-{start // 60 + 10:<3} | " +
              " | ".join(f"{statistics.median(r[c] for r in part) / 1024:.0f}" for c in columns))
if "cpu_s" in rows[0]:
    span = after[-1]["seconds"] - after[0]["seconds"]
    print(f"the studio's own CPU after the warm-up: {(after[-1]['cpu_s'] - after[0]['cpu_s']) / span:.2f} cores on average")
