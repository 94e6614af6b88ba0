// Step 3, sub-step 3: the soil's composition (spec §3 "Material catalogue", §5 "Material row"):
// material lines from the catalogue, or 'Composition inconnue'. Choosing a material resets the
// quality and the price; choosing a quality fills the price (the domain's selectMaterial and
// selectQuality); each line shows its total with its colour (AmountCell).
import {
  fillTemplate,
  MATERIAL_NAMES,
  MAX_MATERIAL_LINES,
  messages,
  POP_DECLARATIONS,
  POP_HELP,
  POP_LABEL,
  POP_LABELS,
  QUALITY_CLASS_LABELS,
  qualitiesFor,
  RECEIVING_USE_LABELS,
  RECEIVING_USES,
  SELECTABLE_QUALITY_CLASSES,
  selectMaterial,
  selectQuality,
  USE_ADMITTED_CLASSES,
  WASTE_CODES,
  wasteCodeOptionLabel,
  type ReceivingUse,
} from '@terres/domain';
import { AmountCell } from '@terres/ui/amount-cell';
import { Button } from '@terres/ui/button';
import { Checkbox } from '@terres/ui/checkbox';
import { Select } from '@terres/ui/select';
import { TextField } from '@terres/ui/text-field';
import { newMaterialRow, numberToInput, type MaterialRowValues, type WizardForm, type WizardType, type WizardValues } from '../../model/values';
import { texts } from '../../texts';

const materialOptions = MATERIAL_NAMES.map((name) => ({ value: name, label: name }));
const classOptions = SELECTABLE_QUALITY_CLASSES.map((value) => ({ value, label: QUALITY_CLASS_LABELS[value].label }));
const codeOptions = WASTE_CODES.map((value) => ({ value, label: wasteCodeOptionLabel(value) }));
const popOptions = POP_DECLARATIONS.map((value) => ({ value, label: POP_LABELS[value] }));
const useOptions = RECEIVING_USES.map((value) => ({ value, label: RECEIVING_USE_LABELS[value].label }));

const toggle = (list: readonly string[] | undefined, value: string, on: boolean) =>
  on ? [...new Set([...(list ?? []), value])] : (list ?? []).filter((item) => item !== value);

/** The domain's row rules work on numbers; the form keeps the typed text. */
function withMaterial(row: MaterialRowValues, materialName: string): MaterialRowValues {
  const next = selectMaterial({ materialName: row.materialName, groundComposition: row.groundComposition, quantity: null, price: null }, materialName);
  return { ...row, materialName: next.materialName, groundComposition: next.groundComposition, price: numberToInput(next.price) };
}

function withQuality(row: MaterialRowValues, quality: string): MaterialRowValues {
  const next = selectQuality({ materialName: row.materialName, groundComposition: row.groundComposition, quantity: null, price: null }, quality);
  return { ...row, groundComposition: next.groundComposition, price: numberToInput(next.price) };
}

export function CompositionStep({ form, type }: { form: WizardForm; type: WizardType }) {
  const { values } = form;
  const setRow = (index: number, change: (row: MaterialRowValues) => MaterialRowValues, fields: readonly string[]) =>
    form.update(
      (current: WizardValues) => ({
        ...current,
        materials: current.materials.map((row, i) => (i === index ? change(row) : row)),
      }),
      ['materials', ...fields.map((field) => `materials.${index}.${field}`)],
    );
  const removeRow = (index: number) =>
    form.update((current) => ({ ...current, materials: current.materials.filter((_, i) => i !== index) }), ['materials']);
  // At most MAX_MATERIAL_LINES lines (the API refuses more): the button stops there and says why.
  const full = values.materials.length >= MAX_MATERIAL_LINES;
  const addRow = () =>
    form.update((current) =>
      current.materials.length >= MAX_MATERIAL_LINES ? current : { ...current, materials: [...current.materials, newMaterialRow()] },
    );

  const compositionError = form.errorOf('materials');

  return (
    <div className="wizard-composition">
      <Checkbox
        label={texts.groundTypeUnknown}
        hint={texts.groundTypeUnknownHint}
        checked={values.groundTypeUnknown}
        onCheckedChange={(checked) =>
          form.update(
            (current) => ({
              ...current,
              groundTypeUnknown: checked === true,
              materials: checked !== true && current.materials.length === 0 ? [newMaterialRow()] : current.materials,
            }),
            ['materials', 'groundTypeUnknown'],
          )
        }
      />
      {values.groundTypeUnknown ? null : (
        <>
          <ol className="wizard-materials" aria-label={texts.materialsCaption}>
            {values.materials.map((row, index) => {
              const n = index + 1;
              const path = (field: string) => `materials.${index}.${field}`;
              const qualities = qualitiesFor(row.materialName).map((label) => ({ value: label, label }));
              return (
                <li key={row.key} className="wizard-material">
                  <fieldset className="wizard-material__fieldset">
                    <legend className="wizard-material__legend">{fillTemplate(texts.materialLine, { n })}</legend>
                    <Select
                      label={texts.materialName}
                      required
                      options={materialOptions}
                      placeholder={texts.materialPlaceholder}
                      value={row.materialName}
                      onValueChange={(name) => setRow(index, (r) => withMaterial(r, name), ['materialName', 'groundComposition', 'price'])}
                      onBlur={() => form.touch(path('materialName'))}
                      error={form.errorOf(path('materialName'))}
                      className="wizard-material__material"
                    />
                    <Select
                      label={texts.quality}
                      required
                      options={qualities}
                      placeholder={row.materialName ? texts.qualityPlaceholder : texts.qualityPlaceholderNoMaterial}
                      disabled={row.materialName === ''}
                      // A new material empties the quality: the Select shows its placeholder again.
                      value={row.groundComposition}
                      onValueChange={(quality) => setRow(index, (r) => withQuality(r, quality), ['groundComposition', 'price'])}
                      onBlur={() => form.touch(path('groundComposition'))}
                      error={form.errorOf(path('groundComposition'))}
                      className="wizard-material__quality"
                    />
                    <TextField
                      label={texts.materialQuantity}
                      required
                      inputMode="decimal"
                      autoComplete="off"
                      value={row.quantity}
                      onChange={(event) => setRow(index, (r) => ({ ...r, quantity: event.target.value }), ['quantity'])}
                      onBlur={() => form.touch(path('quantity'))}
                      error={form.errorOf(path('quantity'))}
                      className="wizard-material__quantity"
                    />
                    <TextField
                      label={texts.materialPrice}
                      inputMode="decimal"
                      autoComplete="off"
                      value={row.price}
                      onChange={(event) => setRow(index, (r) => ({ ...r, price: event.target.value }), ['price'])}
                      onBlur={() => form.touch(path('price'))}
                      error={form.errorOf(path('price'))}
                      className="wizard-material__price"
                    />
                    {type === 'CUT' ? (
                      <>
                        <Select
                          label={texts.qualityClass}
                          required
                          hint={texts.qualityClassHint}
                          options={classOptions}
                          placeholder={texts.qualityClassPlaceholder}
                          value={row.qualityClass ?? ''}
                          onValueChange={(value) => setRow(index, (r) => ({ ...r, qualityClass: value }), ['qualityClass', 'wasteCode'])}
                          onBlur={() => form.touch(path('qualityClass'))}
                          error={form.errorOf(path('qualityClass'))}
                          className="wizard-material__class"
                        />
                        <Select
                          label={texts.wasteCode}
                          required
                          options={codeOptions}
                          placeholder={texts.wasteCodePlaceholder}
                          value={row.wasteCode ?? ''}
                          onValueChange={(value) => setRow(index, (r) => ({ ...r, wasteCode: value }), ['wasteCode'])}
                          onBlur={() => form.touch(path('wasteCode'))}
                          error={form.errorOf(path('wasteCode'))}
                          className="wizard-material__code"
                        />
                        {/* Optional (issue 19): the register's POP column; not given reads « Non renseigné ». */}
                        <Select
                          label={POP_LABEL}
                          hint={POP_HELP}
                          options={popOptions}
                          placeholder={POP_LABELS.UNKNOWN}
                          value={row.pop ?? ''}
                          onValueChange={(value) => setRow(index, (r) => ({ ...r, pop: value }), ['pop'])}
                          onBlur={() => form.touch(path('pop'))}
                          error={form.errorOf(path('pop'))}
                          className="wizard-material__pop"
                        />
                      </>
                    ) : null}
                    <div className="wizard-material__total">
                      <span className="wizard-material__total-label" id={`${row.key}-total`}>
                        {texts.lineTotal}
                      </span>
                      <output aria-labelledby={`${row.key}-total`}>
                        <AmountCell quantity={row.quantity} price={row.price} />
                      </output>
                    </div>
                    {values.materials.length > 1 ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="wizard-material__remove"
                        onClick={() => removeRow(index)}
                        aria-label={fillTemplate(texts.removeMaterial, { n })}
                      >
                        {texts.removeMaterialShort}
                      </Button>
                    ) : null}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button variant="secondary" onClick={addRow} disabled={full} aria-describedby={full ? 'wizard-materials-limit' : undefined}>
            {texts.addMaterial}
          </Button>
          {full ? (
            <p id="wizard-materials-limit" className="wizard-limit" role="status">
              {messages.materialLinesMax}
            </p>
          ) : null}
          {compositionError ? (
            <p className="wizard-error" role="alert">
              {compositionError}
            </p>
          ) : null}
        </>
      )}
      {type === 'FILL' ? <Acceptance form={form} /> : null}
    </div>
  );
}

/** What a FILL site receives (issue 11): its use, then the classes that use admits and the codes. */
function Acceptance({ form }: { form: WizardForm }) {
  const { values } = form;
  const use = (values.receivingUse ?? '') as ReceivingUse | '';
  const admitted = use === '' ? SELECTABLE_QUALITY_CLASSES : USE_ADMITTED_CLASSES[use];
  const fields = ['receivingUse', 'acceptedQualityClasses', 'acceptedWasteCodes'];
  return (
    <fieldset className="wizard-acceptance">
      <legend className="wizard-material__legend">{texts.acceptanceTitle}</legend>
      <p className="wizard-acceptance__hint">{texts.acceptanceHint}</p>
      <Select
        label={texts.receivingUse}
        required
        options={useOptions}
        placeholder={texts.receivingUsePlaceholder}
        value={use}
        onValueChange={(value) =>
          form.update(
            (current) => ({
              ...current,
              receivingUse: value,
              // Classes the new use does not admit are unticked.
              acceptedQualityClasses: (current.acceptedQualityClasses ?? []).filter((c) => USE_ADMITTED_CLASSES[value as ReceivingUse]?.includes(c as never)),
            }),
            fields,
          )
        }
        error={form.errorOf('receivingUse')}
      />
      <fieldset className="wizard-acceptance__group">
        <legend>{texts.acceptedClasses}</legend>
        {admitted.map((value) => (
          <Checkbox
            key={value}
            label={QUALITY_CLASS_LABELS[value].label}
            checked={(values.acceptedQualityClasses ?? []).includes(value)}
            onCheckedChange={(checked) =>
              form.update((current) => ({ ...current, acceptedQualityClasses: toggle(current.acceptedQualityClasses, value, checked === true) }), fields)
            }
          />
        ))}
        {form.errorOf('acceptedQualityClasses') ? (
          <p className="wizard-error" role="alert">
            {form.errorOf('acceptedQualityClasses')}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="wizard-acceptance__group">
        <legend>{texts.acceptedCodes}</legend>
        {WASTE_CODES.map((value) => (
          <Checkbox
            key={value}
            label={wasteCodeOptionLabel(value)}
            checked={(values.acceptedWasteCodes ?? []).includes(value)}
            onCheckedChange={(checked) =>
              form.update((current) => ({ ...current, acceptedWasteCodes: toggle(current.acceptedWasteCodes, value, checked === true) }), fields)
            }
          />
        ))}
        {form.errorOf('acceptedWasteCodes') ? (
          <p className="wizard-error" role="alert">
            {form.errorOf('acceptedWasteCodes')}
          </p>
        ) : null}
      </fieldset>
    </fieldset>
  );
}
