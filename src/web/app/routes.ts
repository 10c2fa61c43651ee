import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every screen of the product. Paths are also built by src/domain/routes.ts (`paths`), which links use.
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("blog", "routes/blog.tsx"),
  route("opportunities", "routes/opportunities.tsx"),
  route("sdir", "routes/sdir.tsx"),
  route("eyewitnesspage", "routes/eyewitness-intro.tsx"),
  route("states/:stateId", "routes/state.tsx"),
  route("schools/:schoolId", "routes/school.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
