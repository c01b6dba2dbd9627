// BoundedQueue: a full queue blocks the producer (backpressure), close() drains then ends,
// cancel() drops what is queued and wakes a blocked producer, pushDropOldest() keeps the newest.

#include "boundedqueue.h"

#include <QtTest>

#include <atomic>
#include <thread>

using gp::BoundedQueue;

// Background work (thumbnails, decoding, checks) can be slow on a loaded CI machine.
static constexpr int kSlowMachineMs = 60000;

class TestBoundedQueue : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fifoOrder()
    {
        BoundedQueue<int> q(3);
        QVERIFY(q.push(1));
        QVERIFY(q.push(2));
        QCOMPARE(q.size(), size_t(2));
        QCOMPARE(*q.pop(), 1);
        QCOMPARE(*q.tryPop(), 2);
        QVERIFY(!q.tryPop());
    }

    void fullQueueBlocksProducer()
    {
        BoundedQueue<int> q(2);
        std::atomic<int> pushed { 0 };
        std::thread producer([&] {
            for (int i = 0; i < 5; ++i) {
                if (!q.push(i))
                    return;
                ++pushed;
            }
        });
        QTRY_COMPARE_WITH_TIMEOUT(pushed.load(), 2, kSlowMachineMs);
        // The producer is now blocked on the third item and stays blocked.
        QTest::qWait(100);
        QCOMPARE(pushed.load(), 2);
        QCOMPARE(q.size(), size_t(2));
        // Each pop frees one slot and lets exactly one more item in.
        QCOMPARE(*q.pop(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(pushed.load(), 3, kSlowMachineMs);
        QTest::qWait(50);
        QCOMPARE(pushed.load(), 3);
        QCOMPARE(*q.pop(), 1);
        QCOMPARE(*q.pop(), 2);
        QCOMPARE(*q.pop(), 3);
        QCOMPARE(*q.pop(), 4);
        producer.join();
        QCOMPARE(pushed.load(), 5);
        QCOMPARE(q.size(), size_t(0));
    }

    void closeDrainsThenEnds()
    {
        BoundedQueue<int> q(4);
        q.push(7);
        q.push(8);
        q.close();
        QVERIFY(q.isClosed());
        QVERIFY(!q.push(9)); // refused after close
        QCOMPARE(*q.pop(), 7);
        QCOMPARE(*q.pop(), 8);
        QVERIFY(!q.pop()); // ends, does not block
    }

    void closeWakesBlockedConsumer()
    {
        BoundedQueue<int> q(1);
        std::atomic<bool> ended { false };
        std::thread consumer([&] {
            while (q.pop()) { }
            ended = true;
        });
        QTest::qWait(50);
        QVERIFY(!ended);
        q.close();
        consumer.join();
        QVERIFY(ended);
    }

    void cancelWakesBlockedProducerAndDrops()
    {
        BoundedQueue<int> q(1);
        q.push(1);
        std::atomic<int> result { -1 };
        std::thread producer([&] { result = q.push(2) ? 1 : 0; });
        QTest::qWait(50);
        QCOMPARE(result.load(), -1); // blocked
        q.cancel();
        producer.join();
        QCOMPARE(result.load(), 0); // refused
        QVERIFY(!q.pop()); // the queued item is gone too
    }

    void dropOldestKeepsNewest()
    {
        BoundedQueue<int> q(2);
        QCOMPARE(q.pushDropOldest(1), 0);
        QCOMPARE(q.pushDropOldest(2), 0);
        QCOMPARE(q.pushDropOldest(3), 1); // 1 dropped
        QCOMPARE(q.pushDropOldest(4), 1); // 2 dropped
        QCOMPARE(*q.pop(), 3);
        QCOMPARE(*q.pop(), 4);
        q.close();
        QCOMPARE(q.pushDropOldest(5), -1);
    }
};

QTEST_GUILESS_MAIN(TestBoundedQueue)
#include "tst_boundedqueue.moc"
