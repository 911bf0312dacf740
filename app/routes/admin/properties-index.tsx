/** /admin itself: the list is the layout (properties.tsx); nothing opens over it. */
export default function AdminPropertiesIndex() {
  return null;
}
