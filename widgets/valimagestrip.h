#pragma once

#include "skeleton.h"
#include "valimageresult.h"

#include <QImage>
#include <QWidget>

#include <vector>

class QLabel;
class QListWidget;
class QListWidgetItem;

// The validation images the model did worst on after an epoch (lowest OKS first), each a
// thumbnail with the model's keypoints (filled, skeleton in the side colours) drawn over
// the labelled ones (white rings), cropped to the object that scored lowest. Clicking one
// asks for that image to be opened with the object selected. Thumbnails are rendered by
// renderThumbnail(), which is safe on a worker thread (QImage only), so the caller decodes
// off the GUI thread and hands the finished images over.
class ValImageStrip : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kThumbnailHeight = 132;

    struct Item
    {
        QString imagePath;
        int instance = -1;
        double oks = 0;
        QImage thumbnail;
    };

    explicit ValImageStrip(QWidget *parent = nullptr);

    // The thumbnail of one result: the image file decoded, cropped around the worst object
    // (the whole image when there is none), scaled to `height`, predictions over labels.
    // An image that no longer decodes gives a grey tile saying so.
    static QImage renderThumbnail(
        const gp::ValImageResult &result, const gp::Skeleton &skeleton, int height = kThumbnailHeight);

    void setItems(std::vector<Item> items, int epoch);
    void clear();
    int count() const;
    const Item &item(int index) const { return m_items.at(size_t(index)); }
    QListWidget *list() const { return m_list; }

Q_SIGNALS:
    // The image file and the index of its object (in the label file's order; -1: none).
    void imageActivated(const QString &imagePath, int instance);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();

    std::vector<Item> m_items;
    int m_epoch = -1;
    QLabel *m_caption;
    QListWidget *m_list;
};
