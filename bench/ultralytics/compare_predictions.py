"""Agreement of two JSON Lines prediction files frame by frame: Ultralytics' (predict_speed.py run) or ours
(`gripperpose predict save_json=`), in any pairing. Ours with tracking gives each detection's raw box and
keypoints beside the smoothed ones; those are compared, and instances only bridged over a gap are left out.

  compare_predictions.py A.jsonl B.jsonl [--tolerance PX]

Prints the frames compared, the frames whose detection counts differ, and the distance between matched
keypoints (instances paired greedily by box IoU, best first): mean, 99th percentile and max, in source pixels.
Exits 1 when a count differs or a keypoint is further apart than --tolerance (default 0.5 px)."""
import argparse
import json
import sys


def instances(line):
    out = []
    for o in json.loads(line)['instances']:
        if o.get('bridged'):
            continue
        box = o.get('raw_box', o['box'])
        kpts = o.get('raw_keypoints', o['keypoints'])
        out.append((box, [(k[0], k[1]) for k in kpts]))
    return out


def iou(a, b):
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('a')
    ap.add_argument('b')
    ap.add_argument('--tolerance', type=float, default=0.5)
    args = ap.parse_args()
    with open(args.a) as fa, open(args.b) as fb:
        frames_a = [instances(line) for line in fa if line.strip()]
        frames_b = [instances(line) for line in fb if line.strip()]
    frames = min(len(frames_a), len(frames_b))
    count_differs = 0
    distances = []
    for a, b in zip(frames_a, frames_b):
        if len(a) != len(b):
            count_differs += 1
        pairs = sorted(((iou(x[0], y[0]), i, j) for i, x in enumerate(a) for j, y in enumerate(b)), reverse=True)
        used_a, used_b = set(), set()
        for overlap, i, j in pairs:
            if overlap <= 0 or i in used_a or j in used_b:
                continue
            used_a.add(i)
            used_b.add(j)
            distances += [((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 for p, q in zip(a[i][1], b[j][1])]
    distances.sort()
    mean = sum(distances) / len(distances) if distances else 0.0
    p99 = distances[int(0.99 * (len(distances) - 1))] if distances else 0.0
    worst = distances[-1] if distances else 0.0
    print(f'agreement: {frames} frames ({len(frames_a)} and {len(frames_b)} lines), counts differ on {count_differs}; '
          f'{len(distances)} keypoints matched, distance mean {mean:.3f} px, p99 {p99:.3f} px, max {worst:.3f} px')
    ok = len(frames_a) == len(frames_b) and count_differs == 0 and worst <= args.tolerance
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
