#pragma once

#include "trainalert.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;

// The strip at the top of the dashboard that cannot be missed: red with what to do when a
// run fails, green when one finishes. Dismissed with its button or by the next run.
class TrainBanner : public QWidget
{
    Q_OBJECT

public:
    explicit TrainBanner(QWidget *parent = nullptr);

    void showAlert(const TrainAlert &alert);
    void showNotice(const QString &text);
    void dismiss();
    bool isShown() const { return !isHidden(); }
    QString text() const;
    const std::optional<TrainAlert> &alert() const { return m_alert; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    QLabel *m_text;
    QPushButton *m_dismiss;
    std::optional<TrainAlert> m_alert;
};
