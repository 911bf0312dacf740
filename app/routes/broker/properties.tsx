import { Outlet } from "react-router";

// Placeholder: the broker catalogue (issue 4 entry point) renders here.
export default function BrokerProperties() {
  return (
    <div>
      <h1 className="text-2xl font-bold">Imóveis</h1>
      <Outlet />
    </div>
  );
}
