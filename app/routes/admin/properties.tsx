import { Outlet } from "react-router";

// Placeholder: the property list (issue 4) renders here, with the editor as an overlay child.
export default function AdminProperties() {
  return <Outlet />;
}
