#pragma once

#include "trainerevents.h"

#include <QMetaType>

// The trainer's event payloads cross from the training thread to the GUI thread in queued
// signals, as copies.
Q_DECLARE_METATYPE(gp::TrainStartInfo)
Q_DECLARE_METATYPE(gp::EpochStartInfo)
Q_DECLARE_METATYPE(gp::ValidationProgress)
Q_DECLARE_METATYPE(gp::BatchReport)
Q_DECLARE_METATYPE(gp::EpochReport)
Q_DECLARE_METATYPE(gp::TrainFinishReport)

namespace gp {

// Registers the payloads with Qt's meta-type system (once is enough; repeating is harmless).
inline void registerTrainMetaTypes()
{
    qRegisterMetaType<gp::TrainStartInfo>();
    qRegisterMetaType<gp::EpochStartInfo>();
    qRegisterMetaType<gp::ValidationProgress>();
    qRegisterMetaType<gp::BatchReport>();
    qRegisterMetaType<gp::EpochReport>();
    qRegisterMetaType<gp::TrainFinishReport>();
}

} // namespace gp
