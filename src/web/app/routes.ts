import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Every screen of the product. Paths are also built by src/domain/routes.ts (`paths`), which links use.
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("blog", "routes/blog.tsx"),
  route("opportunities", "routes/opportunities.tsx"),
  route("sdir", "routes/sdir.tsx"),
  route("eyewitnesspage", "routes/eyewitness-intro.tsx"),
  route("eyewitness-reports", "routes/eyewitness-reports.tsx"),
  route("eyewitness-reports/:reportId", "routes/eyewitness-report.tsx"),
  route("states", "routes/states.tsx"),
  route("data", "routes/data.tsx"),
  route("states/:stateId", "routes/state.tsx"),
  route("data/estimates", "routes/estimates.tsx"),
  route("schools/:schoolId", "routes/school.tsx"),

  // Accounts (public; the token pages are client-rendered)
  route("register", "routes/auth/register.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("verify-email/:token?", "routes/auth/verify-email.tsx"),
  route("reset-password/:token?", "routes/auth/reset-password.tsx"),

  // Signed-in area (client-rendered; signed-out visitors are sent to /)
  ...prefix("dashboard", [
    layout("routes/dashboard/layout.tsx", [
      index("routes/dashboard/index.tsx"),
      route("my-reports", "routes/dashboard/my-reports.tsx"),
      route("profile", "routes/dashboard/profile.tsx"),
      route("reviews", "routes/dashboard/reviews.tsx"),
      route("user-roles", "routes/dashboard/user-roles.tsx"),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
