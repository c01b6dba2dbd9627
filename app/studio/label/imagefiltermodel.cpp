#include "imagefiltermodel.h"

#include <limits>
#include <utility>

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

void ImageFilterModel::setSuggestedFirst(bool on)
{
    if (on == m_suggestedFirst)
        return;
    m_suggestedFirst = on;
    // Column -1 restores the source's order.
    sort(on ? 0 : -1);
}

bool ImageFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    // Not suggested: after every suggested image, in the list's order.
    auto key = [this](const QModelIndex &i) {
        const int rank = m_source->suggestedRank(m_source->entry(i.row()).file);
        return std::make_pair(rank < 0 ? std::numeric_limits<int>::max() : rank, i.row());
    };
    return key(left) < key(right);
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
