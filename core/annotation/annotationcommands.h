#pragma once

#include "annotationdocument.h"

#include <QUndoCommand>

namespace gp {

// The undo commands of AnnotationDocument. Each edit records the document state before
// and after it; redo() and undo() apply one of them. Commands with an id() merge with
// the previous one of the same id when they continue the same drag, so a drag is one
// undo step.
class AnnotationCommand : public QUndoCommand
{
public:
    enum Id { MoveKeypointId = 1, SetBoxId = 2, TransformPartId = 3 };

    AnnotationCommand(AnnotationDocument *document, const QString &text, AnnotationDocument::State before,
        AnnotationDocument::State after, int id = -1, int mergeKey = 0);

    void redo() override;
    void undo() override;
    int id() const override { return m_id; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    AnnotationDocument *m_document;
    AnnotationDocument::State m_before;
    AnnotationDocument::State m_after;
    int m_id;
    int m_mergeKey;
};

} // namespace gp
