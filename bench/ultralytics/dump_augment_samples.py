"""Ultralytics 8.4.52's augmented training samples (the product recipe) written out the way gp_dump_samples
writes ours: NNNNNN.png (BGR) and NNNNNN.txt with one line per instance (class, box centre and size, then
x y v per keypoint, normalised by the image size). `phase` is mosaic (with mixup) or nomosaic (after
close_mosaic). loss_on_samples.py scores both sets with one model and one loss.
usage: . /opt/ul-ref/env.sh; python3 dump_augment_samples.py data.yaml OUTDIR passes mosaic|nomosaic [seed]"""
import os, random, sys
from copy import copy
import cv2, numpy as np, torch
from ultralytics.cfg import get_cfg
from ultralytics.data import build_yolo_dataset
from ultralytics.data.utils import check_det_dataset

yaml, out, passes, phase = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
seed = int(sys.argv[5]) if len(sys.argv) > 5 else 0
cfg = get_cfg(overrides=dict(task='pose', imgsz=320, batch=16, mixup=0.1, degrees=10, shear=2, cache=False))
data = check_det_dataset(yaml)
ds = build_yolo_dataset(cfg, data['train'], 16, data, mode='train', rect=False, stride=32)
if phase == 'nomosaic':
    ds.close_mosaic(hyp=copy(cfg))
random.seed(seed); np.random.seed(seed); torch.manual_seed(seed)
os.makedirs(out, exist_ok=True)
n = 0
for _ in range(passes):
    for i in np.random.permutation(len(ds)):
        s = ds[int(i)]
        img = s['img'].numpy().transpose(1, 2, 0)[..., ::-1]  # CHW RGB -> HWC BGR
        cv2.imwrite(f'{out}/{n:06d}.png', np.ascontiguousarray(img))
        b, k, c = s['bboxes'].numpy(), s['keypoints'].numpy(), s['cls'].numpy().reshape(-1)
        with open(f'{out}/{n:06d}.txt', 'w') as f:
            for j in range(len(b)):
                f.write(' '.join([str(int(c[j]))] + [f'{x:.8g}' for x in b[j]]
                                 + [f'{x:.8g}' if m < 2 else str(int(x)) for kp in k[j] for m, x in enumerate(kp)]) + '\n')
        n += 1
print(f'{n} samples written to {out}')
