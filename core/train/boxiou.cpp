#include "boxiou.h"

#include <cmath>

namespace gp {

torch::Tensor completeIou(const torch::Tensor &box1, const torch::Tensor &box2, double eps)
{
    const std::vector<torch::Tensor> a = box1.chunk(4, -1);
    const std::vector<torch::Tensor> b = box2.chunk(4, -1);
    const torch::Tensor &ax1 = a[0], &ay1 = a[1], &ax2 = a[2], &ay2 = a[3];
    const torch::Tensor &bx1 = b[0], &by1 = b[1], &bx2 = b[2], &by2 = b[3];

    const torch::Tensor w1 = ax2 - ax1;
    const torch::Tensor h1 = ay2 - ay1 + eps;
    const torch::Tensor w2 = bx2 - bx1;
    const torch::Tensor h2 = by2 - by1 + eps;

    const torch::Tensor interW = (torch::minimum(ax2, bx2) - torch::maximum(ax1, bx1)).clamp_min(0);
    const torch::Tensor interH = (torch::minimum(ay2, by2) - torch::maximum(ay1, by1)).clamp_min(0);
    const torch::Tensor inter = interW * interH;
    const torch::Tensor unionArea = w1 * h1 + w2 * h2 - inter + eps;
    const torch::Tensor iou = inter / unionArea;

    // Smallest enclosing box: squared diagonal, and squared distance of the centres.
    const torch::Tensor cw = torch::maximum(ax2, bx2) - torch::minimum(ax1, bx1);
    const torch::Tensor ch = torch::maximum(ay2, by2) - torch::minimum(ay1, by1);
    const torch::Tensor c2 = cw.pow(2) + ch.pow(2) + eps;
    const torch::Tensor rho2 = ((bx1 + bx2 - ax1 - ax2).pow(2) + (by1 + by2 - ay1 - ay2).pow(2)) / 4;

    // Aspect-ratio consistency term.
    constexpr double kPi = 3.14159265358979323846;
    const torch::Tensor v = (4 / (kPi * kPi)) * ((w2 / h2).atan() - (w1 / h1).atan()).pow(2);
    torch::Tensor alpha;
    {
        torch::NoGradGuard noGrad;
        alpha = v / (v - iou + (1 + eps));
    }
    return iou - (rho2 / c2 + v * alpha);
}

torch::Tensor xyxyToXywh(const torch::Tensor &xyxy)
{
    const std::vector<torch::Tensor> c = xyxy.chunk(4, -1);
    return torch::cat({ (c[0] + c[2]) / 2, (c[1] + c[3]) / 2, c[2] - c[0], c[3] - c[1] }, -1);
}

torch::Tensor xywhToXyxy(const torch::Tensor &xywh)
{
    const torch::Tensor xy = xywh.slice(-1, 0, 2);
    const torch::Tensor half = xywh.slice(-1, 2, 4) / 2;
    return torch::cat({ xy - half, xy + half }, -1);
}

} // namespace gp
