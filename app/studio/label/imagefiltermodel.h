#pragma once

#include "imagelistmodel.h"

#include <QSortFilterProxyModel>

// The Label workspace's image list as shown: ImageListModel's rows filtered by status and
// by a search text in the image's name.
class ImageFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit ImageFilterModel(ImageListModel *source, QObject *parent = nullptr);

    void setStatusFilter(ImageListModel::Filter filter);
    ImageListModel::Filter statusFilter() const { return m_filter; }
    void setSearchText(const QString &text);
    QString searchText() const { return m_search; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    ImageListModel *m_source;
    ImageListModel::Filter m_filter = ImageListModel::Filter::All;
    QString m_search;
};
