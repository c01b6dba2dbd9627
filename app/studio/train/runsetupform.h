#pragma once

#include "computedevices.h"
#include "trainingconfig.h"

#include <QMap>
#include <QWidget>

#include <memory>
#include <vector>

class ConfigField;
class DeviceChooser;
class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;
namespace gp {
class Project;
} // namespace gp

// The settings of a new run, generated from TrainingConfig::keys() so the form can never
// drift from `gripperpose train`: one editor per key (ConfigField; the device from the
// compute devices found, DeviceChooser), grouped, each with a tooltip saying what it does
// and the recipe's and Ultralytics' defaults. Every edit is checked with TrainingConfig's
// own set() and validate(), so a value the command line would refuse is refused here with
// the same words, on the field it concerns. Presets: the product recipe (the default),
// Ultralytics' defaults, saved presets (YAML with args.yaml's keys), a YAML file, or the
// settings of an earlier run (its args.yaml).
class RunSetupForm : public QWidget
{
    Q_OBJECT

public:
    explicit RunSetupForm(QWidget *parent = nullptr);
    ~RunSetupForm() override;

    // The project's data.yaml and runs folder go into every run.
    void setProject(std::shared_ptr<const gp::Project> project);
    void setDevices(const std::vector<gp::ComputeDevice> &devices);
    // The dataset check's summary, shown above the settings (problems never block a run).
    void setDatasetSummary(const QString &text);

    // The run these settings start; explicitKeys() are those that differ from the recipe
    // (plus data, project and name), what `gripperpose train` would be given.
    gp::TrainingConfig config() const;
    QStringList explicitKeys() const;
    // Shows a configuration (data, project and resume are the project's and stay).
    void setConfig(const gp::TrainingConfig &config);
    void applyRecipe();
    void applyUltralyticsDefaults();

    // What keeps the settings from starting: empty when they can.
    const QStringList &problems() const { return m_problems; }
    bool isValid() const { return m_problems.isEmpty(); }
    ConfigField *field(const QString &key) const { return m_fields.value(key); }
    DeviceChooser *deviceChooser() const { return m_devices; }
    QLabel *problemLabel() const { return m_problemLabel; }
    QLabel *datasetLabel() const { return m_datasetLabel; }
    QComboBox *presetBox() const { return m_presetBox; }

    bool savePreset(const QString &file, QString *error) const;
    bool loadPreset(const QString &file, QString *error);
    // The settings of a run folder (its args.yaml).
    bool loadFromRun(const QString &runDir, QString *error);
    // Where named presets are kept (the application's data folder, presets/).
    static QString presetFolder();
    // The keys the form does not offer: the project decides them, or Resume does.
    static bool isProjectKey(const QString &key);

public Q_SLOTS:
    void validate();

Q_SIGNALS:
    void validityChanged(bool valid);
    void edited();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Group
    {
        const char *title;
        QStringList keys;
    };
    static std::vector<Group> groups();
    void buildFields();
    void retranslateUi();
    void fillPresets();
    void onPresetChosen(int index);
    void savePresetDialog();
    void loadPresetDialog();
    void loadFromRunDialog();
    void browseModel();
    void showProblem(const QString &message);

    std::shared_ptr<const gp::Project> m_project;
    QMap<QString, ConfigField *> m_fields;
    QStringList m_problems;
    std::vector<QGroupBox *> m_groupBoxes;
    std::vector<const char *> m_groupTitles;
    QLabel *m_datasetLabel;
    QLabel *m_presetLabel;
    QComboBox *m_presetBox;
    QPushButton *m_saveButton;
    QPushButton *m_loadButton;
    QPushButton *m_fromRunButton;
    QPushButton *m_browseModel;
    QLabel *m_deviceLabel;
    DeviceChooser *m_devices;
    QLabel *m_problemLabel;
    bool m_filling = false;
};
