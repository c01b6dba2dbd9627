#pragma once

#include <QSaveFile>

namespace gp {

// QSaveFile::commit(), but true only when every byte reached the file. Qt 6.4's commit() reports
// success when its buffered write fails at the final flush (a full disk, a file-size limit) and
// renames the short file over the old one, which loses the old one; flushing first catches the
// failure, and the destructor then drops the temporary file and the old file stays.
// errorString() says what failed either way.
inline bool commitSaveFile(QSaveFile &file)
{
    return file.flush() && file.commit();
}

} // namespace gp
