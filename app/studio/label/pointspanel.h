#pragma once

#include <QHash>
#include <QIcon>
#include <QWidget>

class AnnotationCanvas;
class QCheckBox;
class QLabel;
class QListWidget;
class QTreeWidget;
namespace gp {
class AnnotationDocument;
} // namespace gp

// The Label workspace's side panel for the image being edited: its objects (with how many
// points each has), the skeleton's points with their visibility per object (a click makes a
// point the next one to place) and the toggles for point names and numbers on the canvas.
// Follows the document's cursor by itself.
class PointsPanel : public QWidget
{
    Q_OBJECT

public:
    PointsPanel(gp::AnnotationDocument *document, AnnotationCanvas *canvas, QWidget *parent = nullptr);

    QTreeWidget *pointTable() const { return m_points; }
    QListWidget *objectList() const { return m_objects; }

    // Both lists from the document (after it loaded another image or changed).
    void refresh();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updatePointTable();
    void updateObjectList();
    const QIcon &swatch(const QColor &color);

    gp::AnnotationDocument *m_document;
    AnnotationCanvas *m_canvas;
    QLabel *m_objectsTitle;
    QListWidget *m_objects;
    QLabel *m_pointsTitle;
    QTreeWidget *m_points;
    QCheckBox *m_showNames;
    QCheckBox *m_showNumbers;
    QHash<QRgb, QIcon> m_swatches;
};
