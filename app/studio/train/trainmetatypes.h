#pragma once

#include "trainerevents.h"

#include <QMetaType>

// The trainer's event payloads cross from the training thread to the GUI thread in queued
// signals, as copies.
Q_DECLARE_METATYPE(TrainStartInfo)
Q_DECLARE_METATYPE(EpochStartInfo)
Q_DECLARE_METATYPE(ValidationProgress)
Q_DECLARE_METATYPE(BatchReport)
Q_DECLARE_METATYPE(EpochReport)
Q_DECLARE_METATYPE(TrainFinishReport)

namespace gp {

// Registers the payloads with Qt's meta-type system (once is enough; repeating is harmless).
inline void registerTrainMetaTypes()
{
    qRegisterMetaType<TrainStartInfo>();
    qRegisterMetaType<EpochStartInfo>();
    qRegisterMetaType<ValidationProgress>();
    qRegisterMetaType<BatchReport>();
    qRegisterMetaType<EpochReport>();
    qRegisterMetaType<TrainFinishReport>();
}

} // namespace gp
