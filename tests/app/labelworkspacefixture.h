#pragma once

// What the Label workspace tests share (tst_labelworkspace, tst_labelassist, and the message
// box helper for tst_scenariotagging): settings kept away from the user's, a fresh generated
// project per test with one training image stripped of its labels, and the workspace opened
// on it.

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "checkspanel.h"
#include "frameimporter.h"
#include "hotkeydialog.h"
#include "imagefiltermodel.h"
#include "labelfile.h"
#include "labelworkspace.h"
#include "project.h"
#include "reviewstate.h"
#include "synthgenerator.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QKeySequenceEdit>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

namespace labelworkspacetest {

using gp::AnnotationDocument;
using gp::DatasetConfig;
using gp::DatasetIssueList;
using gp::FrameImporter;
using gp::Keypoint;
using gp::LabelAudit;
using gp::LabelFile;
using gp::Project;
using gp::ReviewState;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

// Background work (thumbnails, decoding, checks) can be slow on a loaded CI machine.
constexpr int kSlowMachineMs = 60000;

// Answers the modal box named `objectName` with `button` once it shows (counting it in *asked).
inline void answerMessageBox(const QString &objectName, QMessageBox::StandardButton button, int *asked, int tries = 200)
{
    QTimer::singleShot(25, [=] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || box->objectName() != objectName) {
            if (tries > 0)
                answerMessageBox(objectName, button, asked, tries - 1);
            return;
        }
        ++*asked;
        box->button(button)->click();
    });
}

class LabelWorkspaceFixture
{
protected:
    // Settings and standard paths in the temporary folder (call from initTestCase).
    void isolateSettings()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
        QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio Label Test"));
        QStandardPaths::setTestModeEnabled(true);
        const QString settingsDir = m_tmp.filePath(QStringLiteral("settings"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir);
    }

    // A fresh project for every test, since the tests write labels (call from init).
    void makeProject()
    {
        QSettings().clear();
        m_unlabelled.clear();
        m_dir = m_tmp.filePath(QStringLiteral("p%1").arg(QTest::currentTestFunction()));
        SynthOptions o;
        o.outDir = m_dir;
        o.count = 8;
        o.imageSize = QSize(320, 192);
        o.seed = 7;
        o.videoFrames = 0;
        QString error;
        const SynthGenerator generator(Skeleton::defaultGripper(), o);
        QVERIFY2(generator.run(&error), qPrintable(error));
        // The third training image loses its labels.
        int train = 0;
        for (int i = 0; i < o.count && m_unlabelled.isEmpty(); ++i)
            if (generator.imageFileName(i).startsWith(QLatin1String("images/train/")) && ++train == 3)
                m_unlabelled = m_dir + QLatin1Char('/') + generator.imageFileName(i);
        QVERIFY(QFile::exists(m_unlabelled));
        QFile::remove(DatasetConfig::labelFileFor(m_unlabelled));
    }

    void open(LabelWorkspace &ws)
    {
        QString error;
        auto project = Project::open(m_dir, &error);
        QVERIFY2(project, qPrintable(error));
        ws.resize(1400, 860);
        ws.setProject(std::make_shared<const Project>(*project));
        ws.show();
        QVERIFY(QTest::qWaitForWindowExposed(&ws));
        QTRY_VERIFY_WITH_TIMEOUT(!ws.shownFile().isEmpty(), kSlowMachineMs);
    }

    int rowOf(LabelWorkspace &ws, const QString &file) const { return ws.imageModel()->rowOf(file); }

    void clickImagePoint(LabelWorkspace &ws, const QPointF &imagePoint, Qt::KeyboardModifiers mods = {})
    {
        const QPoint at = ws.canvas()->imageToView(imagePoint).toPoint();
        QTest::mouseClick(ws.canvas(), Qt::LeftButton, mods, at);
    }

    QTemporaryDir m_tmp;
    QString m_dir;
    QString m_unlabelled; // the image whose label file was removed
};

} // namespace labelworkspacetest
