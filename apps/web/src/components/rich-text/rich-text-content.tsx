/**
 * Rich text as the server stored it: sanitised on write against an allow-list
 * (apps/api/src/lib/rich-text.ts), so it is rendered as it is. The one place the site sets HTML.
 */
export function RichTextContent({ html, className = '' }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on write.
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
