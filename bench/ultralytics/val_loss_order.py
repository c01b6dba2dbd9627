"""The validation losses Ultralytics 8.4.52 writes to results.csv depend on how the val images are grouped into
batches, not only on the model: each batch's loss is normalised within the batch and the batches are averaged.
This prints the val losses of one Ultralytics checkpoint with rect batches of 32 (batch 16 × 2, as its trainer
validates) in Ultralytics' own order and in file order. With images that all share one aspect ratio its
`ar.argsort()` (numpy's unstable sort) scrambles the files; ours keeps file order.
usage: . /opt/ul-ref/env.sh; python3 val_loss_order.py last.pt data.yaml"""
import sys
import torch
from ultralytics.cfg import get_cfg
from ultralytics.data import build_dataloader, build_yolo_dataset
from ultralytics.data.utils import check_det_dataset

torch.set_num_threads(2)
ckpt = torch.load(sys.argv[1], map_location='cpu')
model = (ckpt.get('ema') or ckpt['model']).float().eval()
cfg = get_cfg(overrides=dict(task='pose', imgsz=320, batch=16))
model.args = cfg  # the loss gains
data = check_det_dataset(sys.argv[2])


def val_losses(file_order):
    ds = build_yolo_dataset(cfg, data['val'], 32, data, mode='val', rect=True, stride=32)
    if file_order:  # every image has the same shape here, so only the order changes
        p = sorted(range(len(ds.im_files)), key=lambda i: ds.im_files[i])
        for k in ('im_files', 'label_files', 'labels', 'npy_files', 'ims', 'im_hw0', 'im_hw'):
            v = getattr(ds, k, None)
            if isinstance(v, list) and len(v) == len(p):
                setattr(ds, k, [v[i] for i in p])
    total, batches = torch.zeros(5), 0
    with torch.no_grad():
        for b in build_dataloader(ds, 32, 0, shuffle=False, rank=-1):
            b['img'] = b['img'].float() / 255
            total += model.loss(b, model(b['img']))[1]
            batches += 1
    return (total / batches).tolist()


for name, file_order in (('Ultralytics order', False), ('file order', True)):
    box, pose, kobj, cls, dfl = val_losses(file_order)
    print(f'{name:18s} box {box:.4f} pose {pose:.4f} kobj {kobj:.4f} cls {cls:.4f} dfl {dfl:.4f}')
