#include "imagefiltermodel.h"

ImageFilterModel::ImageFilterModel(ImageListModel *source, QObject *parent)
    : QSortFilterProxyModel(parent)
    , m_source(source)
{
    setSourceModel(source);
}

void ImageFilterModel::setStatusFilter(ImageListModel::Filter filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    invalidateRowsFilter();
}

void ImageFilterModel::setTagFilter(TagFilter filter, const QString &tag)
{
    const QString wanted = filter == TagFilter::Tagged ? tag : QString();
    if (filter == m_tagFilter && wanted == m_tag)
        return;
    m_tagFilter = filter;
    m_tag = wanted;
    invalidateRowsFilter();
}

void ImageFilterModel::setSearchText(const QString &text)
{
    if (text == m_search)
        return;
    m_search = text;
    invalidateRowsFilter();
}

bool ImageFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    const ImageListModel::Entry &e = m_source->entry(sourceRow);
    if (!ImageListModel::matches(e, m_filter))
        return false;
    if (m_tagFilter == TagFilter::Untagged && !e.tags.isEmpty())
        return false;
    if (m_tagFilter == TagFilter::Tagged && !e.tags.contains(m_tag))
        return false;
    return m_search.isEmpty() || e.displayName.contains(m_search, Qt::CaseInsensitive);
}
