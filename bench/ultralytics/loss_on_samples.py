"""One model's loss (Ultralytics' own v8PoseLoss, the model in eval mode so that nothing in it changes)
on sets of augmented training samples written by gp_dump_samples and dump_augment_samples.py: the
same model sees both trainers' data, so a difference in the loss items is a difference in the data.
Prints the mean of each loss item over the batches of each set with its standard error, and the number of instances and
labelled keypoints per sample.
usage: . /opt/ul-ref/env.sh; python3 loss_on_samples.py WEIGHTS.pt DIR [DIR ...]"""
import glob, sys
import cv2, numpy as np, torch

torch.set_num_threads(2)
from ultralytics.cfg import get_cfg

ckpt = torch.load(sys.argv[1], map_location='cpu')
model = (ckpt.get('ema') or ckpt['model']).float().eval()  # a finished run's last.pt keeps only 'model'
model.args = get_cfg(overrides=dict(task='pose'))  # the default loss gains: box 7.5, pose 12, kobj 1, cls 0.5, dfl 1.5
nk = model.kpt_shape[0]

def load(stem):
    img = cv2.imread(stem + '.png')[..., ::-1].transpose(2, 0, 1)  # BGR -> RGB, CHW
    rows = [list(map(float, l.split())) for l in open(stem + '.txt') if l.strip()]
    a = np.array(rows, dtype=np.float32).reshape(-1, 5 + 3 * nk)
    return torch.from_numpy(np.ascontiguousarray(img)), a

for d in sys.argv[2:]:
    stems = sorted(p[:-4] for p in glob.glob(d + '/*.png'))
    per_batch, inst, lab = [], 0, 0
    for s0 in range(0, len(stems) - 15, 16):
        imgs, bi, cls, boxes, kpts = [], [], [], [], []
        for j, st in enumerate(stems[s0:s0 + 16]):
            img, a = load(st)
            imgs.append(img)
            bi.append(torch.full((len(a),), j, dtype=torch.float32))
            cls.append(torch.from_numpy(a[:, :1])); boxes.append(torch.from_numpy(a[:, 1:5]))
            kpts.append(torch.from_numpy(a[:, 5:]).view(-1, nk, 3))
            inst += len(a); lab += int((a[:, 5:].reshape(-1, nk, 3)[..., 2] > 0).sum())
        batch = {'img': torch.stack(imgs).float() / 255, 'batch_idx': torch.cat(bi), 'cls': torch.cat(cls),
                 'bboxes': torch.cat(boxes), 'keypoints': torch.cat(kpts)}
        with torch.no_grad():
            preds = model(batch['img'])
            _, items = model.loss(batch, preds)
        per_batch.append(items.numpy())
    v = np.array(per_batch)
    m, se = v.mean(0), v.std(0, ddof=1) / np.sqrt(len(v))  # mean and its standard error over batches
    n = len(v) * 16
    print(f'{d}: {n} samples, {inst / n:.3f} instances and {lab / n:.2f} labelled keypoints per sample; loss '
          + ', '.join(f'{k} {m[i]:.4f} ± {se[i]:.4f}' for i, k in enumerate(('box', 'pose', 'kobj', 'cls', 'dfl'))))
