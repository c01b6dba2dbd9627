"""Statistics of Ultralytics 8.4.52's training augmentation (the product recipe) on a dataset: per sample the
instance count, the keypoints' visibility after augmentation, box sizes and the image's mean value, over
`passes` passes through the train split with mosaic (and mixup) on, and again after close_mosaic.
usage: . /opt/ul-ref/env.sh; python3 dump_augment_stats.py data.yaml OUT.json [passes] [seed]"""
import json, random, sys
from copy import copy
import numpy as np, torch
from ultralytics.cfg import get_cfg
from ultralytics.data import build_yolo_dataset
from ultralytics.data.utils import check_det_dataset

yaml, out = sys.argv[1], sys.argv[2]
passes = int(sys.argv[3]) if len(sys.argv) > 3 else 3
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 0
cfg = get_cfg(overrides=dict(task='pose', imgsz=320, batch=16, mixup=0.1, degrees=10, shear=2, cache=False))
data = check_det_dataset(yaml)
ds = build_yolo_dataset(cfg, data['train'], 16, data, mode='train', rect=False, stride=32)

def stats(n_passes):
    acc = {'samples': 0, 'instances': 0, 'kpts': 0, 'v2': 0, 'v1': 0, 'v0': 0, 'no_labelled_kpt': 0,
           'box_w': 0.0, 'box_h': 0.0, 'mean_value': 0.0, 'gray114': 0.0, 'empty': 0}
    for _ in range(n_passes):
        for i in np.random.permutation(len(ds)):
            s = ds[int(i)]
            img = s['img'].numpy()  # CHW RGB uint8
            k = s['keypoints'].numpy()
            b = s['bboxes'].numpy()
            acc['samples'] += 1
            acc['instances'] += len(b)
            acc['empty'] += int(len(b) == 0)
            if len(b):
                v = k[..., 2]
                acc['kpts'] += v.size
                acc['v2'] += int((v == 2).sum()); acc['v1'] += int((v == 1).sum()); acc['v0'] += int((v == 0).sum())
                acc['no_labelled_kpt'] += int(((v > 0).sum(1) == 0).sum())
                acc['box_w'] += float(b[:, 2].sum()); acc['box_h'] += float(b[:, 3].sum())
            acc['mean_value'] += float(img.mean())
            acc['gray114'] += float((img == 114).all(0).mean())
    n, m = acc['samples'], max(acc['instances'], 1)
    return {'samples': n, 'instances_per_sample': acc['instances'] / n, 'empty_fraction': acc['empty'] / n,
            'kpt_labelled_fraction': (acc['v2'] + acc['v1']) / max(acc['kpts'], 1),
            'kpt_visible_fraction': acc['v2'] / max(acc['kpts'], 1), 'kpt_occluded_fraction': acc['v1'] / max(acc['kpts'], 1),
            'instances_without_labelled_kpt': acc['no_labelled_kpt'] / m,
            'box_w': acc['box_w'] / m, 'box_h': acc['box_h'] / m, 'mean_value': acc['mean_value'] / n,
            'gray114_fraction': acc['gray114'] / n}

random.seed(seed); np.random.seed(seed); torch.manual_seed(seed)
res = {'mosaic': stats(passes)}
ds.close_mosaic(hyp=copy(cfg))
res['no_mosaic'] = stats(passes)
# The source labels, unaugmented, for reference.
labels = ds.labels
v = np.concatenate([l['keypoints'][..., 2].reshape(-1) for l in labels if len(l['bboxes'])])
res['source'] = {'images': len(labels), 'instances_per_image': sum(len(l['bboxes']) for l in labels) / len(labels),
                 'kpt_labelled_fraction': float((v > 0).mean()), 'kpt_visible_fraction': float((v == 2).mean())}
json.dump(res, open(out, 'w'), indent=1)
print(json.dumps(res, indent=1))
