#pragma once

#include "labelsuggester.h"

#include <QObject>
#include <QString>
#include <QStringList>

class BackgroundJob;
class QWidget;

// "Suggest What to Label Next": runs LabelSuggester in the background behind a progress dialog
// (cancellable) over the images a person has not reviewed, with the model pre-labelling uses.
class SuggestionController : public QObject
{
    Q_OBJECT

public:
    // The dialog opens over `window`.
    explicit SuggestionController(QWidget *window);
    ~SuggestionController() override;

    bool isRunning() const;
    // In the background; finished() follows. Nothing to rank, or no model: finished() at once
    // with the reason in the result's error.
    void start(const gp::LabelSuggester::Options &options);

Q_SIGNALS:
    void finished(const gp::LabelSuggester::Result &result);

private:
    QWidget *m_window;
    BackgroundJob *m_job;
};
