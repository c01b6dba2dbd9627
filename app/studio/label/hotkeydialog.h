#pragma once

#include "annotationcanvas.h"

#include <QDialog>

class QTableWidget;
class QPushButton;

// The Label workspace's cheat-sheet: every key and mouse gesture of the canvas and the
// image list. The canvas's keys can be rebound in place; bindings live in QSettings
// (group "label/keys", one entry per AnnotationCanvas::actionKey()).
class HotkeyDialog : public QDialog
{
    Q_OBJECT

public:
    explicit HotkeyDialog(AnnotationCanvas *canvas, QWidget *parent = nullptr);

    // Applies the bindings saved in QSettings to `canvas`.
    static void loadBindings(AnnotationCanvas *canvas);
    static void saveBindings(const AnnotationCanvas *canvas);

    QTableWidget *table() const { return m_table; }

private:
    void fill();
    void restoreDefaults();

    AnnotationCanvas *m_canvas;
    QTableWidget *m_table;
    QPushButton *m_defaults;
};
