import { memo, type ReactNode, useEffect, useId, useState } from 'react';
import type { ApiIssue } from '../../protocol/api.ts';
import { deref } from '../../protocol/json-schema.ts';
import { formatPath } from '../../protocol/text.ts';
import {
  branchIndex,
  type Choice,
  choiceText,
  type Editor,
  editorFor,
  type FieldSpec,
  fieldsOf,
  humanize,
  initialValue,
  intoBranch,
  type JsonSchema,
  modifierCount,
  withModifier,
} from './schema.ts';

/**
 * A form generated from a JSON Schema: selects for enums (with their `x-descriptions`), number inputs
 * with the schema's bounds, checkboxes, modifier lists as checkboxes with counts, nested objects as
 * fieldsets, unions by their discriminating field. The value is the JSON the form stands for: an
 * optional field left empty is absent from it. `issues` (paths relative to the value, as the API
 * writes them) are shown under the fields they name.
 */
export const SchemaForm = memo(function SchemaForm(props: {
  readonly schema: JsonSchema;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly issues: readonly ApiIssue[];
}): ReactNode {
  return (
    <div className="schema-form">
      <Field
        ctx={{ root: props.schema, issues: props.issues }}
        schema={props.schema}
        value={props.value}
        onChange={props.onChange}
        path={[]}
        required
      />
    </div>
  );
});

interface Ctx {
  readonly root: JsonSchema;
  readonly issues: readonly ApiIssue[];
}

type Path = readonly (string | number)[];

interface FieldProps {
  readonly ctx: Ctx;
  readonly schema: JsonSchema;
  readonly value: unknown;
  /** `undefined` leaves an optional field out. */
  readonly onChange: (value: unknown) => void;
  readonly path: Path;
  readonly required: boolean;
  readonly label?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The issues about `path` itself, or (with `within`) about anything inside it too. */
function issuesAt(ctx: Ctx, path: Path, within = false): ApiIssue[] {
  const at = formatPath(path);
  return ctx.issues.filter(
    (i) =>
      i.path === at ||
      (within && (i.path.startsWith(`${at}[`) || (at !== '' && i.path.startsWith(`${at}.`)))),
  );
}

function Field(props: FieldProps): ReactNode {
  const editor = editorFor(props.ctx.root, props.schema);
  const node = deref(props.ctx.root, props.schema);
  const id = useId();
  if (editor.kind === 'object' || editor.kind === 'union' || editor.kind === 'tuple') {
    // Groups whose parts only make sense together: an optional one is put in or left out as a whole.
    const inner =
      editor.kind === 'object' ? (
        <ObjectFields {...props} fields={editor.fields} />
      ) : editor.kind === 'union' ? (
        <UnionFields {...props} editor={editor} />
      ) : (
        <>
          <Control {...props} editor={editor} id={id} />
          <Issues issues={issuesAt(props.ctx, props.path)} />
        </>
      );
    return props.path.length === 0 ? (
      inner
    ) : (
      <NestedGroup {...props} description={node.description}>
        {inner}
      </NestedGroup>
    );
  }
  // Lists are groups of inputs in a fieldset. A list's items are fields that show their own issues; a
  // modifier list's checkboxes are not, so it shows the issues about its entries too.
  const group = editor.kind === 'modifiers' || editor.kind === 'list';
  const label = props.label ?? (props.path.length ? humanize(String(props.path[props.path.length - 1])) : '');
  const title = (
    <>
      {label}
      {props.required ? null : <span className="optional"> (optional)</span>}
    </>
  );
  const Wrapper = group ? 'fieldset' : 'div';
  return (
    <Wrapper className={`field field-${editor.kind}`} data-path={formatPath(props.path)}>
      {group ? <legend>{title}</legend> : <label htmlFor={id}>{title}</label>}
      <Control {...props} editor={editor} id={id} />
      {node.description ? <p className="hint">{node.description}</p> : null}
      <Issues issues={issuesAt(props.ctx, props.path, editor.kind === 'modifiers')} />
    </Wrapper>
  );
}

function Issues({ issues }: { readonly issues: readonly ApiIssue[] }): ReactNode {
  if (issues.length === 0) return null;
  return (
    <ul className="issues">
      {issues.map((i) => (
        <li key={`${i.path}:${i.message}`}>{i.message}</li>
      ))}
    </ul>
  );
}

/** The fields of an object, and the issues about the object itself (unknown fields, say). */
function ObjectFields(props: FieldProps & { readonly fields: readonly FieldSpec[] }): ReactNode {
  const record = isRecord(props.value) ? props.value : {};
  const set = (key: string, v: unknown) => {
    const next = { ...record };
    if (v === undefined) delete next[key];
    else next[key] = v;
    props.onChange(next);
  };
  return (
    <>
      {props.fields.map((f) => (
        <Field
          key={f.key}
          ctx={props.ctx}
          schema={f.schema}
          value={record[f.key]}
          onChange={(v) => set(f.key, v)}
          path={[...props.path, f.key]}
          required={f.required}
        />
      ))}
      <Issues issues={issuesAt(props.ctx, props.path)} />
    </>
  );
}

/** A fieldset for a nested group; an optional one has a checkbox that puts it in or leaves it out. */
function NestedGroup(
  props: FieldProps & { readonly description: string | undefined; readonly children: ReactNode },
): ReactNode {
  const label = props.label ?? humanize(String(props.path[props.path.length - 1]));
  const present = props.value !== undefined;
  return (
    <fieldset className="field field-object" data-path={formatPath(props.path)}>
      <legend>
        {props.required ? (
          label
        ) : (
          <label className="inline">
            <input
              type="checkbox"
              checked={present}
              onChange={(e) =>
                props.onChange(e.target.checked ? initialValue(props.ctx.root, props.schema) : undefined)
              }
            />{' '}
            {label} <span className="optional">(optional)</span>
          </label>
        )}
      </legend>
      {props.description ? <p className="hint">{props.description}</p> : null}
      {present ? props.children : null}
    </fieldset>
  );
}

/**
 * A union of objects: with a discriminating field, one select over every branch's values picks the
 * branch too; otherwise a select of the forms. Switching keeps the fields that still fit.
 */
function UnionFields(props: FieldProps & { readonly editor: Extract<Editor, { kind: 'union' }> }): ReactNode {
  const { root } = props.ctx;
  const { branches, discriminator } = props.editor;
  const index = branchIndex(root, branches, props.value, discriminator);
  const branch = branches[index]!;
  const record = isRecord(props.value) ? props.value : {};
  const id = useId();
  const choose = (i: number, patch: Record<string, unknown> = {}) =>
    props.onChange({ ...intoBranch(root, branches[i]!, props.value), ...patch });

  let picker: ReactNode;
  if (discriminator !== undefined) {
    const options = branches.flatMap((b, i) => {
      const editor = editorFor(root, b.properties![discriminator]!);
      return editor.kind === 'choice' ? editor.choices.map((choice) => ({ branch: i, choice })) : [];
    });
    const current = options.findIndex((o) => o.branch === index && o.choice.value === record[discriminator]);
    const description = deref(root, branch.properties![discriminator]!).description;
    picker = (
      <div className="field field-choice" data-path={formatPath([...props.path, discriminator])}>
        <label htmlFor={id}>{humanize(discriminator)}</label>
        <select
          id={id}
          value={current}
          onChange={(e) => {
            const o = options[Number(e.target.value)]!;
            choose(o.branch, { [discriminator]: o.choice.value });
          }}
        >
          {current < 0 ? <option value={-1}>—</option> : null}
          {options.map((o, i) => (
            <option key={`${o.branch}:${String(o.choice.value)}`} value={i}>
              {choiceText(o.choice)}
            </option>
          ))}
        </select>
        {description ? <p className="hint">{description}</p> : null}
        <Issues issues={issuesAt(props.ctx, [...props.path, discriminator])} />
      </div>
    );
  } else {
    picker = (
      <div className="field field-choice">
        <label htmlFor={id}>Form</label>
        <select id={id} value={index} onChange={(e) => choose(Number(e.target.value))}>
          {branches.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the branches are fixed by the schema.
            <option key={i} value={i}>
              {b.title ?? b.description ?? `Form ${i + 1}`}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <>
      {picker}
      <ObjectFields
        {...props}
        value={record}
        fields={fieldsOf(branch).filter((f) => f.key !== discriminator)}
      />
    </>
  );
}

function Control(props: FieldProps & { readonly editor: Editor; readonly id: string }): ReactNode {
  const { editor, value, onChange, id } = props;
  switch (editor.kind) {
    case 'choice': {
      const current = editor.choices.findIndex((c) => c.value === value);
      return (
        <select
          id={id}
          value={current}
          onChange={(e) => {
            const i = Number(e.target.value);
            onChange(i < 0 ? undefined : editor.choices[i]!.value);
          }}
        >
          {props.required && current >= 0 ? null : (
            <option value={-1}>{props.required ? '—' : '— not given —'}</option>
          )}
          {editor.choices.map((c, i) => (
            <option key={String(c.value)} value={i}>
              {choiceText(c)}
            </option>
          ))}
        </select>
      );
    }
    case 'boolean':
      return (
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked ? true : props.required ? false : undefined)}
        />
      );
    case 'number':
      return <NumberInput {...props} editor={editor} />;
    case 'text':
      return (
        <input
          id={id}
          type="text"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' && !props.required ? undefined : e.target.value)}
        />
      );
    case 'modifiers':
      return <ModifierList {...props} choices={editor.choices} />;
    case 'list':
      return <ListItems {...props} editor={editor} />;
    case 'tuple': {
      const list = Array.isArray(value) ? value : [];
      return (
        <div className="tuple">
          {editor.items.map((item, i) => (
            <Field
              // biome-ignore lint/suspicious/noArrayIndexKey: a tuple's positions are fixed by the schema.
              key={i}
              ctx={props.ctx}
              schema={item}
              value={list[i]}
              onChange={(v) => onChange(editor.items.map((_, j) => (j === i ? v : list[j])))}
              path={[...props.path, i]}
              label={`${i + 1}`}
              required
            />
          ))}
        </div>
      );
    }
    default:
      return <JsonInput {...props} />;
  }
}

function NumberInput(
  props: FieldProps & { readonly editor: Extract<Editor, { kind: 'number' }>; readonly id: string },
) {
  const { editor, value } = props;
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  // Follow values set from outside (a preset); keep what is being typed when it means the same number.
  useEffect(() => {
    setText((t) => (t !== '' && Number(t) === value ? t : typeof value === 'number' ? String(value) : ''));
  }, [value]);
  return (
    <input
      id={props.id}
      type="number"
      inputMode={editor.integer ? 'numeric' : 'decimal'}
      min={editor.min}
      max={editor.max}
      step={editor.step ?? 'any'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = e.target.value.trim() === '' ? Number.NaN : Number(e.target.value);
        props.onChange(Number.isFinite(n) ? n : undefined);
      }}
    />
  );
}

function ModifierList(
  props: FieldProps & { readonly choices: readonly Choice[]; readonly id: string },
): ReactNode {
  const { choices, value } = props;
  const set = (id: string, count: number) => {
    const next = withModifier(value, choices, id, count);
    props.onChange(next.length === 0 && !props.required ? undefined : next);
  };
  return (
    <ul className="modifiers" id={props.id}>
      {choices.map((c) => {
        const id = String(c.value);
        const count = modifierCount(value, id);
        return (
          <li key={id} className={count > 0 ? 'on' : undefined}>
            <label title={`${id} in muster resolve's JSON`}>
              <input
                type="checkbox"
                checked={count > 0}
                onChange={(e) => set(id, e.target.checked ? 1 : 0)}
              />{' '}
              <span className="modifier-label">{choiceText(c)}</span>
            </label>
            {count > 0 ? (
              <label className="count">
                ×
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={99}
                  step={1}
                  value={count}
                  aria-label={`${choiceText(c)}: how many`}
                  onChange={(e) => {
                    const n = Number(e.target.value);
                    if (Number.isInteger(n) && n >= 1) set(id, n);
                  }}
                />
              </label>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function ListItems(
  props: FieldProps & { readonly editor: Extract<Editor, { kind: 'list' }>; readonly id: string },
) {
  const { editor, ctx } = props;
  const list = Array.isArray(props.value) ? props.value : [];
  const update = (next: unknown[]) => props.onChange(next.length === 0 && !props.required ? undefined : next);
  return (
    <div className="list" id={props.id}>
      <ol>
        {list.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are edited in place; their position is their identity.
          <li key={i}>
            <Field
              ctx={ctx}
              schema={editor.items}
              value={item}
              onChange={(v) => update(list.map((x, j) => (j === i ? v : x)))}
              path={[...props.path, i]}
              label={`${i + 1}`}
              required
            />
            {list.length > editor.min ? (
              <button type="button" className="remove" onClick={() => update(list.filter((_, j) => j !== i))}>
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {editor.max === undefined || list.length < editor.max ? (
        <button type="button" onClick={() => update([...list, initialValue(ctx.root, editor.items)])}>
          Add
        </button>
      ) : null}
    </div>
  );
}

/** A field the form has no editor for, edited as JSON text (applied when it parses). */
function JsonInput(props: FieldProps & { readonly id: string }): ReactNode {
  const [text, setText] = useState(props.value === undefined ? '' : JSON.stringify(props.value));
  return (
    <textarea
      id={props.id}
      rows={2}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value.trim() === '') props.onChange(undefined);
        else {
          try {
            props.onChange(JSON.parse(e.target.value));
          } catch {
            // Not JSON yet: applied once it parses.
          }
        }
      }}
    />
  );
}
