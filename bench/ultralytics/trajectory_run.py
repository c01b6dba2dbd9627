"""Trains Ultralytics 8.4.52 for a few iterations with every augmentation off, so that its batches are the
letterboxed images themselves, and records what a trajectory check needs: its initial weights (a tensors-only
state dict `gripperpose train model=` imports), the loss items, lr of each group and momentum at every iteration,
and the model's and EMA's weights at the end. With as many train images as the batch (one batch per epoch) every
epoch's batch holds the same images on both sides, so `gripperpose train` from these weights on the same data
must follow the same losses: bench/ultralytics/trajectory_compare.py compares them.
usage: . /opt/ul-ref/env.sh; /usr/bin/python3 trajectory_run.py DATA.yaml OUTDIR EPOCHS [KEY=VALUE ...]
(snapshots=1 also saves the weights after every iteration as OUTDIR/stepN.pt.)
(Fp32: Ultralytics turns amp off on the CPU.)"""
import json, sys
from pathlib import Path
import ulpatch  # noqa: F401  (SPPF's SiLU, as in every released YOLOv8)
import torch
import ultralytics.utils.torch_utils as tu
from ultralytics import YOLO

data, out, epochs = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
extra = dict(a.split('=', 1) for a in sys.argv[4:])  # KEY=VALUE overrides of the recipe, e.g. seed=1
snapshots = extra.pop('snapshots', '0') == '1'
init = extra.pop('init', None)  # a state dict to start from instead of Ultralytics' own initialisation
for k, v in extra.items():
    extra[k] = float(v) if any(c in v for c in '.e') else int(v)
out.mkdir(parents=True, exist_ok=True)
tu.NUM_THREADS = 2
steps = []


def on_pretrain_routine_end(trainer):
    if init:
        # In place, so that the optimizer's parameter groups stay the model's; the EMA starts as a copy.
        own = trainer.model.state_dict()  # (a fixture file may hold more than weights)
        trainer.model.load_state_dict({k: v for k, v in torch.load(init).items() if k in own})
        trainer.ema = tu.ModelEMA(trainer.model)
    torch.save(trainer.model.state_dict(), out / 'init.pt')


def on_train_batch_end(trainer):
    steps.append({
        'epoch': trainer.epoch,
        'loss': [float(v) for v in trainer.loss_items],
        'lr': [float(g['lr']) for g in trainer.optimizer.param_groups],
        'momentum': [float(g.get('betas', (g.get('momentum', 0),))[0]) for g in trainer.optimizer.param_groups],
        'accumulate': int(trainer.accumulate),
        'ema_updates': int(trainer.ema.updates),
    })
    if snapshots:  # the weights after each iteration, to find the first tensor that departs
        torch.save({'model': trainer.model.state_dict(), 'ema': trainer.ema.ema.state_dict()},
                   out / f'step{len(steps)}.pt')


def on_fit_epoch_end(trainer):
    # The validation (of the EMA) after the epoch's last iteration: its five losses at full precision.
    if 'val/box_loss' not in trainer.metrics:  # (final_eval's call, of best.pt: no losses)
        return
    steps[-1]['val_loss'] = [float(trainer.metrics[f'val/{k}_loss']) for k in ('box', 'pose', 'kobj', 'cls', 'dfl')]


def on_train_end(trainer):
    torch.save({'model': trainer.model.state_dict(), 'ema': trainer.ema.ema.state_dict(),
                'ema_updates': trainer.ema.updates}, out / 'final.pt')
    import ultralytics
    (out / 'steps.json').write_text(json.dumps({
        'source': f'Ultralytics {ultralytics.__version__}, torch {torch.__version__}: '
                  f'bench/ultralytics/trajectory_run.py {" ".join(sys.argv[1:])}',
        'iterations': steps}, indent=1))


m = YOLO('yolov8n-pose.yaml', task='pose')
m.add_callback('on_pretrain_routine_end', on_pretrain_routine_end)
m.add_callback('on_train_batch_end', on_train_batch_end)
m.add_callback('on_fit_epoch_end', on_fit_epoch_end)
m.add_callback('on_train_end', on_train_end)
args = dict(data=data, epochs=epochs, imgsz=320, batch=16, workers=0, device='cpu', plots=False, amp=False,
            pretrained=False, optimizer='AdamW', lr0=0.001, lrf=0.01, cos_lr=True, close_mosaic=0, mosaic=0.0,
            mixup=0.0, degrees=0.0, shear=0.0, translate=0.0, scale=0.0, fliplr=0.0, hsv_h=0.0, hsv_s=0.0, hsv_v=0.0,
            patience=100, seed=0, val=True, project=str(out), name='ul', exist_ok=True, verbose=False)
m.train(**{**args, **extra})
