/**
 * Fantasy sports: public lists (public.ts), the customer's entries and private contests
 * (customer.ts), and the operator's fantasy management (admin.ts), with their presenters beside them.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.ts";
import { fantasyPublicRoutes } from "./public.ts";
import { fantasyCustomerRoutes } from "./customer.ts";
import { fantasyAdminRoutes } from "./admin.ts";

export const fantasyRoutes = new OpenAPIHono<AppEnv>();
fantasyRoutes.route("/", fantasyPublicRoutes);
fantasyRoutes.route("/", fantasyCustomerRoutes);
fantasyRoutes.route("/", fantasyAdminRoutes);
