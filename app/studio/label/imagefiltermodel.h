#pragma once

#include "imagelistmodel.h"

#include <QSortFilterProxyModel>

// The Label workspace's image list as shown: ImageListModel's rows filtered by status, by
// scenario tag and by a search text in the image's name.
class ImageFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    // Which images the scenario filter lets through.
    enum class TagFilter { Any, Untagged, Tagged };

    explicit ImageFilterModel(ImageListModel *source, QObject *parent = nullptr);

    void setStatusFilter(ImageListModel::Filter filter);
    ImageListModel::Filter statusFilter() const { return m_filter; }
    // Tagged: the images with `tag`; Untagged: those with no tag at all.
    void setTagFilter(TagFilter filter, const QString &tag = QString());
    TagFilter tagFilter() const { return m_tagFilter; }
    QString filterTag() const { return m_tag; }
    void setSearchText(const QString &text);
    QString searchText() const { return m_search; }
    // The suggested images first, in the suggested order, then the others as listed.
    void setSuggestedFirst(bool on);
    bool suggestedFirst() const { return m_suggestedFirst; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    ImageListModel *m_source;
    ImageListModel::Filter m_filter = ImageListModel::Filter::All;
    TagFilter m_tagFilter = TagFilter::Any;
    QString m_tag;
    QString m_search;
    bool m_suggestedFirst = false;
};
