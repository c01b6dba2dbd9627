#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace gp {

// A small blocking FIFO between two pipeline stages. push() blocks while the queue is full
// (backpressure), pop() blocks while it is empty. close() ends the stream: pushes are
// refused, pops drain what is left and then return nothing. cancel() also drops what is
// queued and wakes everybody at once. pushDropOldest() never blocks: a full queue loses its
// oldest item instead (latest-only sampling of live sources).
template<typename T> class BoundedQueue
{
public:
    explicit BoundedQueue(std::size_t capacity)
        : m_capacity(capacity < 1 ? 1 : capacity)
    { }

    // False when the queue was closed or cancelled (the item is not queued).
    bool push(T item)
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_notFull.wait(lock, [&] { return m_closed || m_items.size() < m_capacity; });
        if (m_closed)
            return false;
        m_items.push_back(std::move(item));
        m_notEmpty.notify_one();
        return true;
    }

    // Non-blocking; returns how many old items were dropped to make room (0 or 1), or -1
    // when the queue is closed.
    int pushDropOldest(T item)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_closed)
            return -1;
        int dropped = 0;
        while (m_items.size() >= m_capacity) {
            m_items.pop_front();
            ++dropped;
        }
        m_items.push_back(std::move(item));
        m_notEmpty.notify_one();
        return dropped;
    }

    // Nothing once closed and drained (or cancelled).
    std::optional<T> pop()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_notEmpty.wait(lock, [&] { return m_closed || !m_items.empty(); });
        return takeFront();
    }

    // Does not wait.
    std::optional<T> tryPop()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return takeFront();
    }

    void close()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
        m_notFull.notify_all();
    }

    void cancel()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_closed = true;
        m_items.clear();
        m_notEmpty.notify_all();
        m_notFull.notify_all();
    }

    std::size_t size() const
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_items.size();
    }
    std::size_t capacity() const { return m_capacity; }
    bool isClosed() const
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_closed;
    }

private:
    std::optional<T> takeFront()
    {
        if (m_items.empty())
            return std::nullopt;
        T item = std::move(m_items.front());
        m_items.pop_front();
        m_notFull.notify_one();
        return item;
    }

    const std::size_t m_capacity;
    mutable std::mutex m_mutex;
    std::condition_variable m_notEmpty;
    std::condition_variable m_notFull;
    std::deque<T> m_items;
    bool m_closed = false;
};

} // namespace gp
