"""Writes the weight files tst_weightimport imports, with Debian's Python torch
(/usr/bin/python3, torch 1.13): usage make_import_files.py SOURCE_DIR REFERENCE_PT OUT_DIR.

  sd_k14.pt            state dict (torch.save) of the reference yolov8n-pose k14 weights
  sd_k14_nested.pt     the same under {"model": ...}
  ts_k14.torchscript   traced module of a plain-torch network with those weights
  ts_k14_fused.torchscript  the same after Conv+BN folding (as Ultralytics exports)
  sd_k17.pt            state dict of a 17-keypoint (COCO-shaped) yolov8n-pose, seed 0
"""

import os
import sys

import torch

src, ref_path, out = sys.argv[1:4]
sys.path.insert(0, os.path.join(src, "scripts"))
from yolov8_pose_net import PoseModel  # noqa: E402

os.makedirs(out, exist_ok=True)
ref = torch.load(ref_path)
weights = {k: v for k, v in ref.items() if k.startswith("model.")}
torch.save(weights, os.path.join(out, "sd_k14.pt"))
torch.save({"model": weights, "epoch": 3}, os.path.join(out, "sd_k14_nested.pt"))

net = PoseModel("n", 1, (14, 3))
net.load_state_dict(weights, strict=True)
net.eval()
example = ref["input"][:1]
with torch.no_grad():
    torch.jit.trace(net, example).save(os.path.join(out, "ts_k14.torchscript"))
    net.fuse()
    torch.jit.trace(net, example).save(os.path.join(out, "ts_k14_fused.torchscript"))

torch.manual_seed(0)
coco = PoseModel("n", 1, (17, 3))
torch.save(coco.state_dict(), os.path.join(out, "sd_k17.pt"))
print("ok")
