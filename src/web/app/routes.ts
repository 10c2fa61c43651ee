import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("states/:stateId", "routes/state.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
