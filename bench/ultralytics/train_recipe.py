"""Trains Ultralytics 8.4.52 with the product recipe (yolov8n-pose from scratch, imgsz 320, batch 16, AdamW lr0
0.001, cosine to lrf 0.01, mixup 0.1, degrees 10, shear 2, fp32, 2 torch threads, 0 loader workers), like
../shared/peer/train_reference.py, but with the epochs and close_mosaic given, for the speed rounds of
bench/parity_speed.sh (close_mosaic 0: every epoch with mosaic).
usage: . /opt/ul-ref/env.sh; python3 train_recipe.py DATA.yaml PROJECT NAME EPOCHS CLOSE_MOSAIC [SEED]"""
import sys
import ulpatch  # noqa: F401  (SPPF's SiLU, as in every released YOLOv8)
import ultralytics.utils.torch_utils as tu
from ultralytics import YOLO

data, project, name = sys.argv[1], sys.argv[2], sys.argv[3]
epochs, close_mosaic = int(sys.argv[4]), int(sys.argv[5])
seed = int(sys.argv[6]) if len(sys.argv) > 6 else 0
tu.NUM_THREADS = 2  # Ultralytics would take cpu_count - 1 = 1 here; 2 is its best setting on 2 cores
YOLO('yolov8n-pose.yaml', task='pose').train(
    data=data, epochs=epochs, close_mosaic=close_mosaic, imgsz=320, batch=16, workers=0, device='cpu', plots=False,
    amp=False, pretrained=False, optimizer='AdamW', lr0=0.001, lrf=0.01, cos_lr=True, mixup=0.1, degrees=10, shear=2,
    patience=100, seed=seed, val=True, project=project, name=name, exist_ok=True, verbose=False)
