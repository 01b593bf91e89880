/**
 * preValidation of the routes whose body is optional (creating an analysis, a widget token, a query):
 * a request without one, or with a JSON null, is read as `{}` and then validated like any body.
 */
export async function optionalBody(request: { body: unknown }): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}
