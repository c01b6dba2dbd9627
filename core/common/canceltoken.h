#pragma once

#include <atomic>
#include <memory>

namespace gp {

// A request to stop a long operation (a dataset check, validation, a frame import,
// generation, pre-labelling, the video pipeline, training), shared by value between the
// code that starts it and the operation, which polls it between items (images, batches,
// frames). Copies share one flag, so a token outlives whichever side lets go first.
class CancelToken
{
public:
    CancelToken()
        : m_flag(std::make_shared<std::atomic_bool>(false))
    { }

    void cancel() const { m_flag->store(true); }
    bool isCancelled() const { return m_flag->load(std::memory_order_relaxed); }
    // Clears the request, for a token reused by the next run of the same job.
    void reset() const { m_flag->store(false); }

private:
    std::shared_ptr<std::atomic_bool> m_flag;
};

} // namespace gp
