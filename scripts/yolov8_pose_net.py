"""A YOLOv8-pose network in plain torch.nn (no Ultralytics), shaped and named exactly like
Ultralytics' (state-dict names "model.0.conv.weight", ...), for the inference baseline in
bench/ and for making import test files in tests/model/. Eval forward returns the decoded
output [B, 4 + nc + K*dims, N] as the reference does."""

import math

import torch
import torch.nn as nn

SCALES = {"n": (0.33, 0.25, 1024), "s": (0.33, 0.50, 1024), "m": (0.67, 0.75, 768),
          "l": (1.00, 1.00, 512), "x": (1.00, 1.25, 512)}

# (from, repeats, kind, channels, kernel, stride, shortcut) before scaling
LAYERS = [
    (-1, 1, "Conv", 64, 3, 2, False), (-1, 1, "Conv", 128, 3, 2, False), (-1, 3, "C2f", 128, 1, 1, True),
    (-1, 1, "Conv", 256, 3, 2, False), (-1, 6, "C2f", 256, 1, 1, True), (-1, 1, "Conv", 512, 3, 2, False),
    (-1, 6, "C2f", 512, 1, 1, True), (-1, 1, "Conv", 1024, 3, 2, False), (-1, 3, "C2f", 1024, 1, 1, True),
    (-1, 1, "SPPF", 1024, 5, 1, False), (-1, 1, "Up", 0, 1, 1, False), ([-1, 6], 1, "Cat", 0, 1, 1, False),
    (-1, 3, "C2f", 512, 1, 1, False), (-1, 1, "Up", 0, 1, 1, False), ([-1, 4], 1, "Cat", 0, 1, 1, False),
    (-1, 3, "C2f", 256, 1, 1, False), (-1, 1, "Conv", 256, 3, 2, False), ([-1, 12], 1, "Cat", 0, 1, 1, False),
    (-1, 3, "C2f", 512, 1, 1, False), (-1, 1, "Conv", 512, 3, 2, False), ([-1, 9], 1, "Cat", 0, 1, 1, False),
    (-1, 3, "C2f", 1024, 1, 1, False), ([15, 18, 21], 1, "Pose", 0, 1, 1, False),
]


class Conv(nn.Module):
    def __init__(self, c1, c2, k=1, s=1):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, k // 2, bias=False)
        self.bn = nn.BatchNorm2d(c2, eps=1e-3, momentum=0.03)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))

    def fuse(self):
        with torch.no_grad():
            scale = self.bn.weight / torch.sqrt(self.bn.running_var + self.bn.eps)
            conv = nn.Conv2d(self.conv.in_channels, self.conv.out_channels, self.conv.kernel_size,
                             self.conv.stride, self.conv.padding, bias=True)
            conv.weight.copy_(self.conv.weight * scale.view(-1, 1, 1, 1))
            conv.bias.copy_(self.bn.bias - self.bn.running_mean * scale)
        self.conv = conv
        del self.bn
        self.forward = lambda x: self.act(self.conv(x))


class Bottleneck(nn.Module):
    def __init__(self, c1, c2, shortcut=True):
        super().__init__()
        self.cv1 = Conv(c1, c2, 3, 1)
        self.cv2 = Conv(c2, c2, 3, 1)
        self.add = shortcut and c1 == c2

    def forward(self, x):
        y = self.cv2(self.cv1(x))
        return x + y if self.add else y


class C2f(nn.Module):
    def __init__(self, c1, c2, n=1, shortcut=False):
        super().__init__()
        self.c = c2 // 2
        self.cv1 = Conv(c1, 2 * self.c, 1, 1)
        self.cv2 = Conv((2 + n) * self.c, c2, 1)
        self.m = nn.ModuleList(Bottleneck(self.c, self.c, shortcut) for _ in range(n))

    def forward(self, x):
        y = list(self.cv1(x).chunk(2, 1))
        for m in self.m:
            y.append(m(y[-1]))
        return self.cv2(torch.cat(y, 1))


class SPPF(nn.Module):
    def __init__(self, c1, c2, k=5):
        super().__init__()
        c_ = c1 // 2
        self.cv1 = Conv(c1, c_, 1, 1)
        self.cv2 = Conv(c_ * 4, c2, 1, 1)
        self.m = nn.MaxPool2d(kernel_size=k, stride=1, padding=k // 2)

    def forward(self, x):
        y = [self.cv1(x)]
        for _ in range(3):
            y.append(self.m(y[-1]))
        return self.cv2(torch.cat(y, 1))


class DFL(nn.Module):
    def __init__(self, c1=16):
        super().__init__()
        self.conv = nn.Conv2d(c1, 1, 1, bias=False).requires_grad_(False)
        self.conv.weight.data[:] = torch.arange(c1, dtype=torch.float).view(1, c1, 1, 1)
        self.c1 = c1

    def forward(self, x):
        b, _, a = x.shape
        return self.conv(x.view(b, 4, self.c1, a).transpose(2, 1).softmax(1)).view(b, 4, a)


class Concat(nn.Module):
    def forward(self, xs):
        return torch.cat(xs, 1)


class Pose(nn.Module):
    def __init__(self, nc, kpt_shape, ch, strides=(8.0, 16.0, 32.0)):
        super().__init__()
        self.nc, self.kpt_shape, self.reg_max = nc, kpt_shape, 16
        self.nk = kpt_shape[0] * kpt_shape[1]
        self.no = nc + 4 * self.reg_max
        c2, c3, c4 = max(16, ch[0] // 4, 64), max(ch[0], min(nc, 100)), max(ch[0] // 4, self.nk)
        self.cv2 = nn.ModuleList(nn.Sequential(Conv(x, c2, 3), Conv(c2, c2, 3), nn.Conv2d(c2, 64, 1)) for x in ch)
        self.cv3 = nn.ModuleList(nn.Sequential(Conv(x, c3, 3), Conv(c3, c3, 3), nn.Conv2d(c3, nc, 1)) for x in ch)
        self.dfl = DFL(self.reg_max)
        self.cv4 = nn.ModuleList(nn.Sequential(Conv(x, c4, 3), Conv(c4, c4, 3), nn.Conv2d(c4, self.nk, 1)) for x in ch)
        self.strides = strides
        for a, b, s in zip(self.cv2, self.cv3, strides):
            a[-1].bias.data[:] = 2.0
            b[-1].bias.data[:nc] = math.log(5 / nc / (640 / s) ** 2)

    def forward(self, xs):
        b = xs[0].shape[0]
        boxes, scores, kpts, anchors, strides = [], [], [], [], []
        for i, x in enumerate(xs):
            h, w = x.shape[2], x.shape[3]
            boxes.append(self.cv2[i](x).view(b, 64, -1))
            scores.append(self.cv3[i](x).view(b, self.nc, -1))
            kpts.append(self.cv4[i](x).view(b, self.nk, -1))
            sy, sx = torch.meshgrid(torch.arange(h, dtype=x.dtype) + 0.5, torch.arange(w, dtype=x.dtype) + 0.5,
                                    indexing="ij")
            anchors.append(torch.stack((sx.reshape(-1), sy.reshape(-1)), 0))
            strides.append(torch.full((1, h * w), self.strides[i], dtype=x.dtype))
        box, cls, kpt = torch.cat(boxes, 2), torch.cat(scores, 2), torch.cat(kpts, 2)
        anc, st = torch.cat(anchors, 1), torch.cat(strides, 1)
        lt, rb = self.dfl(box).chunk(2, 1)
        x1y1, x2y2 = anc.unsqueeze(0) - lt, anc.unsqueeze(0) + rb
        dbox = torch.cat(((x1y1 + x2y2) / 2, x2y2 - x1y1), 1) * st
        k, d = self.kpt_shape
        kp = kpt.view(b, k, d, -1)
        xy = (kp[:, :, :2] * 2.0 + (anc - 0.5).view(1, 1, 2, -1)) * st.view(1, 1, 1, -1)
        kp = torch.cat((xy, kp[:, :, 2:].sigmoid()), 2) if d == 3 else xy
        return torch.cat((dbox, cls.sigmoid(), kp.reshape(b, k * d, -1)), 1)


def make_divisible(x, d=8):
    return int(math.ceil(x / d) * d)


class PoseModel(nn.Module):
    def __init__(self, scale="n", nc=1, kpt_shape=(14, 3)):
        super().__init__()
        depth, width, max_ch = SCALES[scale]
        layers, ch, self.froms = [], [], []
        for i, (f, n, kind, c, k, s, sc) in enumerate(LAYERS):
            c1 = 3 if i == 0 else ch[f if isinstance(f, int) else f[0]]
            n = max(round(n * depth), 1) if n > 1 else n
            c2 = make_divisible(min(c, max_ch) * width) if c else c1
            if kind == "Conv":
                m = Conv(c1, c2, k, s)
            elif kind == "C2f":
                m = C2f(c1, c2, n, sc)
            elif kind == "SPPF":
                m = SPPF(c1, c2, k)
            elif kind == "Up":
                m = nn.Upsample(None, 2, "nearest")
            elif kind == "Cat":
                m = Concat()
                c2 = sum(ch[j] for j in f)
            else:
                m = Pose(nc, kpt_shape, [ch[j] for j in f])
            layers.append(m)
            ch.append(c2)
            self.froms.append(f)
        self.model = nn.Sequential(*layers)

    def forward(self, x):
        y = []
        for m, f in zip(self.model, self.froms):
            if f != -1:
                x = [x if j == -1 else y[j] for j in f]
            x = m(x)
            y.append(x)
        return x

    def fuse(self):
        for m in self.modules():
            if isinstance(m, Conv) and hasattr(m, "bn"):
                m.fuse()
        return self
