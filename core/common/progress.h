#pragma once

#include <cstdint>
#include <functional>
#include <type_traits>
#include <utility>

namespace gp {

// How far a long operation is: `done` of `total` items (total < 0 when unknown, e.g. a
// live video). Every long operation in core takes one beside its CancelToken, so the GUI
// and the command line drive them all the same way. The operation may report from several
// of its own threads at once and as often as it likes: the receiver throttles.
class Progress
{
public:
    using Callback = std::function<void(int64_t done, int64_t total)>;

    Progress() = default;
    // Implicit, so that a lambda can be passed where a Progress is expected.
    template<typename F, typename = std::enable_if_t<std::is_invocable_v<F &, int64_t, int64_t>>>
    Progress(F callback)
        : m_callback(std::move(callback))
    { }

    void report(int64_t done, int64_t total) const
    {
        if (m_callback)
            m_callback(done, total);
    }
    explicit operator bool() const { return bool(m_callback); }

private:
    Callback m_callback;
};

} // namespace gp
