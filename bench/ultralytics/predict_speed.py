"""Ultralytics' side of bench/predict_side_by_side.sh: the same weights, predicted the way its users do.

  predict_speed.py weights CKPT OUT.pt
      Writes a GripperPose checkpoint's weights (EMA when it has them) as an Ultralytics .pt: the
      "trained elsewhere" model both sides run.
  predict_speed.py run MODEL.pt SOURCE IMGSZ OUT.jsonl [--threads N] [--batch N]
      YOLO(MODEL).predict(SOURCE, stream=True) over a video, or a folder of images, writing one JSON line
      per frame (boxes, scores, keypoints in source pixels). Prints the frames, the seconds from the first
      frame asked for to the last line written, and fps. The model is loaded and warmed up on the source's
      first image before the clock starts, as `gripperpose predict` counts from its first frame too.
      --threads 0 keeps Ultralytics' own choice (cpu_count - 1 torch threads).

Run with Ultralytics 8.4.52 on the path (. /opt/ul-ref/env.sh, see ../shared/peer/README.md)."""
import argparse
import json
import time

import torch


def make_weights(ckpt_path, out_path):
    import ulpatch  # noqa: F401  canonical YOLOv8 (SiLU in SPPF.cv1), as GripperPose and released weights have it
    from ultralytics.nn.tasks import PoseModel

    ckpt = torch.load(ckpt_path, map_location='cpu')
    scale = ckpt['scale']
    nk, dims = ckpt['kpt_shape']
    model = PoseModel(f'yolov8{scale}-pose.yaml', nc=int(ckpt['nc']), data_kpt_shape=(int(nk), int(dims)), verbose=False)
    weights = ckpt['ema'] if ckpt.get('ema') else ckpt['model']
    missing, unexpected = model.load_state_dict(weights, strict=False)
    missing = [k for k in missing if not k.endswith('num_batches_tracked')]
    if missing or unexpected:
        raise SystemExit(f'{ckpt_path}: weights do not fit yolov8{scale}-pose: missing {missing[:5]}, unexpected {unexpected[:5]}')
    model.kpt_shape = (int(nk), int(dims))  # what Ultralytics' pose trainer sets from data.yaml
    model.names = {i: f'class{i}' for i in range(int(ckpt['nc']))}
    model.args = {'imgsz': 320, 'task': 'pose'}
    torch.save({'model': model.float().eval(), 'train_args': {'task': 'pose'}, 'date': 'converted',
                'version': '8.4.52'}, out_path)
    print(f'wrote {out_path}')


def first_image(source):
    import os

    import cv2

    if os.path.isdir(source):
        names = sorted(n for n in os.listdir(source) if n.lower().endswith(('.jpg', '.jpeg', '.png', '.bmp')))
        return cv2.imread(os.path.join(source, names[0]))
    ok, frame = cv2.VideoCapture(source).read()
    if not ok:
        raise SystemExit(f'{source}: cannot read a frame')
    return frame


def run(model_path, source, imgsz, out_path, threads, batch):
    from ultralytics import YOLO

    model = YOLO(model_path, task='pose')
    if threads > 0:
        # Ultralytics sets its own thread count when it selects the device: override it after that.
        import ultralytics.utils.torch_utils as tu
        tu.NUM_THREADS = threads
    first = first_image(source)
    model.predict(source=first, imgsz=imgsz, conf=0.25, iou=0.7, device='cpu', verbose=False)
    frames = 0
    with open(out_path, 'w') as out:
        start = time.perf_counter()
        for r in model.predict(source=source, stream=True, imgsz=imgsz, conf=0.25, iou=0.7, device='cpu',
                               batch=batch, verbose=False):
            boxes = r.boxes.xyxy.tolist()
            scores = r.boxes.conf.tolist()
            kpts = r.keypoints.data.tolist() if r.keypoints is not None else []
            out.write(json.dumps({'frame': frames, 'instances': [
                {'box': b, 'score': s, 'keypoints': k} for b, s, k in zip(boxes, scores, kpts)]}) + '\n')
            frames += 1
        seconds = time.perf_counter() - start
    print(f'ultralytics: {frames} frames in {seconds:.3f} s, {frames / seconds:.2f} fps, '
          f'{torch.get_num_threads()} torch threads')


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    w = sub.add_parser('weights')
    w.add_argument('ckpt')
    w.add_argument('out')
    r = sub.add_parser('run')
    r.add_argument('model')
    r.add_argument('source')
    r.add_argument('imgsz', type=int)
    r.add_argument('out')
    r.add_argument('--threads', type=int, default=0)
    r.add_argument('--batch', type=int, default=1)
    a = ap.parse_args()
    if a.cmd == 'weights':
        make_weights(a.ckpt, a.out)
    else:
        run(a.model, a.source, a.imgsz, a.out, a.threads, a.batch)
