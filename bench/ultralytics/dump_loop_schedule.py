"""Dump Ultralytics 8.4.52's training-loop schedule for the product recipe: per iteration the lr of each
param group, momentum/betas, accumulate, whether the optimizer stepped, and the EMA's update count and decay.
The real BaseTrainer._do_train runs; only the data (25 tiny batches per epoch, as 400 images at batch 16 give),
validation and saving are replaced, so the numbers are what its loop does.
usage: . /opt/ul-ref/env.sh; python3 dump_loop_schedule.py DATA.yaml OUT.json [epochs=30] [nb=25]
(DATA.yaml only gives the class and keypoint counts; use an absolute `path:` in it)"""
import json, sys, types
import torch
import ulpatch  # noqa: F401
from ultralytics import YOLO
from ultralytics.models.yolo.pose import PoseTrainer
import ultralytics.utils.torch_utils as tu

data, out = sys.argv[1], sys.argv[2]
epochs = int(sys.argv[3]) if len(sys.argv) > 3 else 30
nb = int(sys.argv[4]) if len(sys.argv) > 4 else 25
tu.NUM_THREADS = 2

class FakeLoader:
    """nb batches of 16 images 64x64 with one instance each; `dataset` has 400 images."""
    def __init__(self, n_images):
        self.dataset = types.SimpleNamespace(__len__=lambda: n_images)
        self.n_images = n_images
        self.num_workers = 0
        g = torch.Generator().manual_seed(0)
        self.batch = {
            'img': (torch.rand(16, 3, 64, 64, generator=g) * 255).to(torch.uint8),
            'batch_idx': torch.arange(16).float(), 'cls': torch.zeros(16, 1),
            'bboxes': torch.tensor([[0.5, 0.5, 0.4, 0.5]]).repeat(16, 1),
            'keypoints': torch.cat([torch.rand(16, 14, 2, generator=g) * 0.4 + 0.3, torch.full((16, 14, 1), 2.0)], 2),
        }
    def __len__(self): return nb
    def __iter__(self):
        for _ in range(nb):
            yield {k: v.clone() for k, v in self.batch.items()}
    def reset(self): pass

class DS(list):
    pass

rows = []
class T(PoseTrainer):
    def get_dataloader(self, dataset_path, batch_size=16, rank=0, mode='train'):
        loader = FakeLoader(nb * 16)
        loader.dataset = DS(range(nb * 16))
        return loader
    def validate(self):
        return dict(self.metrics), 0.0
    def save_model(self):
        return False
    def final_eval(self):
        pass

def on_batch_end(tr):
    ni = len(rows)
    groups = []
    for g in tr.optimizer.param_groups:
        groups.append({'name': g.get('param_group'), 'lr': float(g['lr']), 'initial_lr': float(g['initial_lr']),
                       'betas': list(map(float, g['betas'])) if 'betas' in g else None,
                       'momentum': float(g['momentum']) if 'momentum' in g else None,
                       'weight_decay': float(g['weight_decay']), 'n': len(g['params'])})
    rows.append({'ni': ni, 'epoch': tr.epoch, 'accumulate': tr.accumulate, 'ema_updates': tr.ema.updates,
                 'ema_decay': tr.ema.decay(tr.ema.updates) if tr.ema.updates else 0.0, 'groups': groups})

overrides = dict(model='yolov8n-pose.yaml', data=data, epochs=epochs, imgsz=320,
                 batch=16, workers=0, device='cpu', plots=False, amp=False, pretrained=False, optimizer='AdamW',
                 lr0=0.001, lrf=0.01, cos_lr=True, mixup=0.1, degrees=10, shear=2, patience=100, seed=0, val=False,
                 project='/tmp/ul-loop-dump', name='loop', exist_ok=True, verbose=False, save=False)
tr = T(overrides=overrides)
tr.add_callback('on_train_batch_end', on_batch_end)
tr.train()
for r in rows:  # a step happened in iteration ni when the EMA's update count rose
    prev = rows[r['ni'] - 1]['ema_updates'] if r['ni'] else 0
    r['stepped'] = r['ema_updates'] > prev
json.dump({'nb': nb, 'epochs': epochs, 'nw': max(round(3.0 * nb), 100), 'rows': rows}, open(out, 'w'), indent=0)
steps = [r['ni'] for r in rows if r['stepped']]
print('iterations', len(rows), 'steps', len(steps), 'first steps', steps[:12], 'last', steps[-5:])
for ni in (0, 1, 2, 99, 100, 101, 124, 125, len(rows) - 1):
    r = rows[ni]
    print(ni, r['epoch'], r['accumulate'], [(g['name'], round(g['lr'], 8), g['betas']) for g in r['groups']], r['ema_updates'], round(r['ema_decay'], 6))
