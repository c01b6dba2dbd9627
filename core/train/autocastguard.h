#pragma once

// Internal (torch-only): a scoped mixed-precision region, like Python's torch.autocast.
// Autocast state is thread-local, so it is entered on the training thread itself.

#include <ATen/autocast_mode.h>
#include <torch/version.h>

namespace gp {

class AutocastGuard
{
public:
    // dtype: at::kHalf or at::kBFloat16; disabled when `enabled` is false.
    AutocastGuard(c10::DeviceType device, at::ScalarType dtype, bool enabled)
        : m_device(device)
        , m_enabled(enabled)
    {
        if (!m_enabled)
            return;
        m_prevEnabled = isEnabled();
        m_prevDtype = dtype_();
        setEnabled(true);
        setDtype(dtype);
        at::autocast::increment_nesting();
    }
    ~AutocastGuard()
    {
        if (!m_enabled)
            return;
        if (at::autocast::decrement_nesting() == 0)
            at::autocast::clear_cache();
        setEnabled(m_prevEnabled);
        setDtype(m_prevDtype);
    }
    AutocastGuard(const AutocastGuard &) = delete;
    AutocastGuard &operator=(const AutocastGuard &) = delete;

private:
    // LibTorch 2.4 made the autocast API device-generic and deprecated the per-device calls.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
    bool isEnabled() const
    {
        return at::autocast::is_autocast_enabled(m_device);
    }
    void setEnabled(bool on) const
    {
        at::autocast::set_autocast_enabled(m_device, on);
    }
    at::ScalarType dtype_() const
    {
        return at::autocast::get_autocast_dtype(m_device);
    }
    void setDtype(at::ScalarType t) const
    {
        at::autocast::set_autocast_dtype(m_device, t);
    }
#else
    bool isEnabled() const
    {
        return m_device == c10::DeviceType::CPU ? at::autocast::is_cpu_enabled() : at::autocast::is_enabled();
    }
    void setEnabled(bool on) const
    {
        m_device == c10::DeviceType::CPU ? at::autocast::set_cpu_enabled(on) : at::autocast::set_enabled(on);
    }
    at::ScalarType dtype_() const
    {
        return m_device == c10::DeviceType::CPU ? at::autocast::get_autocast_cpu_dtype()
                                                : at::autocast::get_autocast_gpu_dtype();
    }
    void setDtype(at::ScalarType t) const
    {
        m_device == c10::DeviceType::CPU ? at::autocast::set_autocast_cpu_dtype(t)
                                         : at::autocast::set_autocast_gpu_dtype(t);
    }
#endif

    c10::DeviceType m_device;
    bool m_enabled;
    bool m_prevEnabled = false;
    at::ScalarType m_prevDtype = at::kFloat;
};

} // namespace gp
