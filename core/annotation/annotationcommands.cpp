#include "annotationcommands.h"

namespace gp {

AnnotationCommand::AnnotationCommand(AnnotationDocument *document, const QString &text,
    AnnotationDocument::State before, AnnotationDocument::State after, int id, int mergeKey)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_id(id)
    , m_mergeKey(mergeKey)
{ }

void AnnotationCommand::redo()
{
    m_document->applyState(m_after);
}

void AnnotationCommand::undo()
{
    m_document->applyState(m_before);
}

bool AnnotationCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const AnnotationCommand *>(other);
    if (o->m_id != m_id || o->m_mergeKey != m_mergeKey || m_mergeKey == 0)
        return false;
    m_after = o->m_after;
    return true;
}

} // namespace gp
