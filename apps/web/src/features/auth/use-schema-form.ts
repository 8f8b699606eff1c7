import { type FormEvent, useEffect, useRef, useState } from 'react';
import { firstFieldErrors } from './field-errors';

type SafeParse<Output> = (
  values: unknown,
) =>
  | { success: true; data: Output }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * Controlled inputs validated by a shared Zod schema (react-hook-form is not a dependency). Errors
 * appear once the form has been submitted, then follow every keystroke so a fixed field clears at
 * once; a refused submit moves focus to the first field in error.
 */
export function useSchemaForm<Values extends Record<string, string>, Output>(
  schema: { safeParse: SafeParse<Output> },
  initialValues: Values,
) {
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const result = submitted ? schema.safeParse(values) : null;
  const errors: Partial<Record<keyof Values & string, string>> =
    result && !result.success ? firstFieldErrors(result.error) : {};

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setField = (field: keyof Values & string) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = (onValid: (data: Output) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = schema.safeParse(values);
    if (parsed.success) onValid(parsed.data);
    else setFocusRequest((count) => count + 1);
  };

  return { values, errors, setField, handleSubmit, formRef };
}
